import { formatMonthYear } from '@domain/format';
import type { MaterialSource } from '@domain/listing/material-sources';

/**
 * One stated part of the material information, with where it came from: the open data as
 * suggested, or the lister's own words beside what the data says and the lister's reason.
 */
export function MaterialValue({ text, source }: { text: string; source?: MaterialSource }) {
  if (!source) return <>{text}</>;
  const dataset = `${source.source}, ${formatMonthYear(source.asOf)}${source.isDemo ? ' (demo data)' : ''}`;
  if (source.from === 'data') {
    return (
      <>
        {text}
        <span className="property__material-source">From {dataset}</span>
      </>
    );
  }
  return (
    <>
      {text}
      <span className="property__material-source">
        Stated by the lister. {dataset} says: {source.dataText}. The lister&rsquo;s reason:{' '}
        {source.reason}
      </span>
    </>
  );
}
