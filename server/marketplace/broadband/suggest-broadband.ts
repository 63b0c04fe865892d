import { broadbandFieldText } from '../../../domain/broadband/broadband-summary.ts';
import type { MaterialSuggester } from '../area-facts/suggest-material-info.ts';
import { findBroadbandForPostcode } from './find-broadband.ts';

/** The material information's 'broadband': the fastest tier Ofcom reports at the postcode. */
export const suggestBroadband: MaterialSuggester = async (db, place) => {
  const summary = await findBroadbandForPostcode(db, place.postcode);
  const text = broadbandFieldText(summary);
  if (!text || summary.status !== 'published') return undefined;
  return {
    field: 'broadband',
    text,
    source: 'Ofcom Connected Nations',
    asOf: summary.snapshot,
    isDemo: summary.source === 'demo',
  };
};
