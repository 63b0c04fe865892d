import { formatPrice, formatPriceNote, formatPropertyType, pluralise } from '@domain/format';
import { imageUrl } from '@domain/images';
import { labelOf } from '@domain/labels';
import { parseTypedPrice } from '@domain/price-input';
import { toNormalised } from 'postcode';
import { useAppSelector } from '~/store/hooks';
import type { DraftMediaItem } from '../api/draft-view';
import { useStepErrors } from '../fields/draft-fields';
import { roomsSummaryOf } from './rooms-summary';
import type { WizardStepProps } from './step-props';

/** Step 7: the main facts once more, and what publishing confirms. */
export function ReviewStep({ media }: WizardStepProps) {
  const detail = useAppSelector((state) => state.listingDraft.propertyDetail);
  const problems = Object.entries(useStepErrors());
  const rooms = roomsSummaryOf(detail);
  return (
    <>
      {problems.length ? (
        <ul className="field-error">
          {problems.map(([field, message]) => (
            <li key={field}>{message}</li>
          ))}
        </ul>
      ) : null}
      <dl className="wizard__review">
        {reviewRows(detail, media).map(([label, text]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{text || '—'}</dd>
          </div>
        ))}
      </dl>
      {rooms.warning ? <p className="notice notice--warning">{rooms.warning}</p> : null}
      <ReviewPhotos media={media} />
      <h3>Description</h3>
      <p className="wizard__review-description">
        {String(detail.description ?? '').trim() || 'No description yet.'}
      </p>
      <p className="hint">
        By publishing you confirm the details are true and the property is available. We will ask
        you every 4 weeks to confirm it still is.
      </p>
    </>
  );
}

/** The photos in their order, the cover first, as visitors will see them. */
function ReviewPhotos({ media }: { media: DraftMediaItem[] }) {
  const photos = media.filter((item) => item.kind === 'photo');
  if (photos.length === 0) return null;
  return (
    <>
      <h3>Photos in the order visitors will see them</h3>
      <ol className="wizard__review-photos">
        {photos.map((photo, index) => (
          <li key={photo.key}>
            <img
              src={imageUrl(photo.key, 320)}
              alt={photo.caption || `Photo ${index + 1}${index === 0 ? ' (cover)' : ''}`}
              width={160}
              height={Math.round((160 * photo.height) / Math.max(photo.width, 1))}
              loading="lazy"
            />
          </li>
        ))}
      </ol>
    </>
  );
}

function reviewRows(detail: Record<string, unknown>, media: DraftMediaItem[]): [string, string][] {
  const channel = detail.channel === 'rent' ? 'rent' : 'sale';
  const price = parseTypedPrice(String(detail.price ?? ''))?.pounds ?? NaN;
  return [
    ['Listing', labelOf('channel', channel)],
    ['Property type', formatPropertyType(String(detail.propertyType ?? ''))],
    [
      'Address',
      [detail.addressLine1, detail.town, postcodeAsShown(String(detail.postcode ?? ''))]
        .filter(Boolean)
        .join(', '),
    ],
    ['Title', String(detail.title ?? '')],
    ['Bedrooms', String(detail.bedrooms ?? '')],
    ['Rooms', roomsRow(detail)],
    [
      'Price',
      Number.isFinite(price)
        ? formatPrice({
            channel,
            price,
            priceQualifier: (detail.priceQualifier as string) ?? null,
            rentPeriod: (detail.rentPeriod as 'month' | 'week') ?? null,
          })
        : '',
    ],
    [
      channel === 'sale' ? 'How the price is shown' : 'Also',
      Number.isFinite(price)
        ? (formatPriceNote({
            channel,
            price,
            priceQualifier: (detail.priceQualifier as string) ?? null,
            rentPeriod: (detail.rentPeriod as 'month' | 'week') ?? null,
          }) ?? '')
        : '',
    ],
    ['Council tax', labelOf('councilTaxBand', detail.councilTaxBand as string)],
    [
      'EPC rating',
      [labelOf('epcRating', detail.epcRating as string), detail.epcPotential as string | undefined]
        .filter(Boolean)
        .join(', potential '),
    ],
    ['Photos and floorplans', countMedia(media)],
  ];
}

/** '2 rooms, 278 sq ft (26 m²) in all'; blank without rooms. */
function roomsRow(detail: Record<string, unknown>): string {
  const { count, total } = roomsSummaryOf(detail);
  if (!total) return '';
  return `${pluralise(count, 'room')}, ${total} in all`;
}

/** A postcode as the listing will show it ('ls6 2ab' → 'LS6 2AB'); as typed if it is not one. */
function postcodeAsShown(typed: string): string {
  return toNormalised(typed) ?? typed.trim();
}

/** '4 photos, 1 floorplan', as counted on the media step. */
function countMedia(media: DraftMediaItem[]): string {
  const count = (kind: DraftMediaItem['kind'], noun: string) => {
    const n = media.filter((item) => item.kind === kind).length;
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
  };
  return `${count('photo', 'photo')}, ${count('floorplan', 'floorplan')}`;
}
