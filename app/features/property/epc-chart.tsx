import { EPC_BANDS, type EpcBand } from '@domain/listing/enums';

/** The SAP points each band covers, as printed on an Energy Performance Certificate. */
const BAND_POINTS: Record<EpcBand, string> = {
  A: '92+',
  B: '81–91',
  C: '69–80',
  D: '55–68',
  E: '39–54',
  F: '21–38',
  G: '1–20',
};

const isBand = (value: string | null): value is EpcBand =>
  (EPC_BANDS as readonly string[]).includes(value ?? '');

/**
 * The familiar A–G energy efficiency chart: a coloured bar per band, longest for G, with the
 * current and potential ratings marked. The chart is a picture; its caption says it in words.
 */
export function EpcChart({
  current,
  potential,
}: {
  current: string | null;
  potential: string | null;
}) {
  if (!isBand(current)) return null;
  const hasPotential = isBand(potential);
  const summary = hasPotential
    ? `Current energy rating ${current}, potential ${potential}.`
    : `Current energy rating ${current}.`;
  return (
    <section aria-labelledby="epc" className="epc">
      <h2 id="epc">Energy performance (EPC)</h2>
      <figure className="epc__figure">
        <div className="epc__chart" aria-hidden="true">
          <div className="epc__row epc__row--head">
            <span className="epc__bar-head">Energy efficiency rating</span>
            <span className="epc__mark-head">Current</span>
            <span className="epc__mark-head">Potential</span>
          </div>
          {EPC_BANDS.map((band, index) => (
            <div className="epc__row" key={band}>
              <span className="epc__bar-cell">
                <span className={`epc__bar epc__bar--${band.toLowerCase()}`} data-step={index}>
                  <span className="epc__points">{BAND_POINTS[band]}</span>
                  <span className="epc__band">{band}</span>
                </span>
              </span>
              <span className="epc__mark">
                {band === current ? (
                  <span className={`epc__arrow epc__bar--${band.toLowerCase()}`}>{band}</span>
                ) : null}
              </span>
              <span className="epc__mark">
                {hasPotential && band === potential ? (
                  <span className={`epc__arrow epc__bar--${band.toLowerCase()}`}>{band}</span>
                ) : null}
              </span>
            </div>
          ))}
        </div>
        <figcaption>{summary}</figcaption>
      </figure>
    </section>
  );
}
