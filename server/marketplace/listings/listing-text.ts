import { findContactDetails } from '../../../domain/contact-details/contact-details.ts';
import {
  LISTING_CONTACT_MARKER,
  SHORT_CONTACT_MARKER,
} from '../../../domain/listing/contact-marker.ts';

/** `text` with each contact detail the detector finds replaced by `marker`. */
export function withoutContactDetails(text: string, marker: string): string {
  let out = '';
  let at = 0;
  for (const span of findContactDetails(text)) {
    out += text.slice(at, span.start) + marker;
    at = span.end;
  }
  return out + text.slice(at);
}

/**
 * A listing's public free text with contact details removed by the full detector, whichever
 * way it was saved (wizard, API create or update): the browser's schema only runs the light
 * patterns, to keep the detector out of the web bundle.
 */
export function listingTextWithoutContactDetails<
  T extends {
    title: string;
    description: string;
    keyFeatures: string[];
    materialInfo: Record<string, string | undefined>;
  },
>(input: T): T {
  const short = (text: string) => withoutContactDetails(text, SHORT_CONTACT_MARKER);
  return {
    ...input,
    title: short(input.title),
    description: withoutContactDetails(input.description, LISTING_CONTACT_MARKER),
    keyFeatures: input.keyFeatures.map(short),
    materialInfo: Object.fromEntries(
      Object.entries(input.materialInfo).map(([field, value]) => [
        field,
        value === undefined ? value : short(value),
      ]),
    ),
  };
}
