/**
 * What replaces a contact detail in a listing's description, on the server (the full detector)
 * and in the browser's preview (the light patterns of `domain/text.ts`): plain words that say
 * where to go instead. Titles, key features and material information, which have short limits,
 * use `SHORT_CONTACT_MARKER`.
 */
export const LISTING_CONTACT_MARKER = "[contact details removed: use Roost's message button]";
export const SHORT_CONTACT_MARKER = '[removed]';
