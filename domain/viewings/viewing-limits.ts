/**
 * The choices the availability form offers (anything else is refused) and the note's length:
 * kept apart from the zod schemas, so pages that only show them load no validation library.
 */
export const SLOT_MINUTES = [15, 20, 30, 45, 60, 90] as const;
export const GAP_MINUTES = [0, 5, 10, 15, 30] as const;
export const BOOK_AHEAD_DAYS = [7, 14, 21, 28, 42, 56] as const;
export const MAX_DATES_OFF = 60;
export const VIEWING_NOTE_MAX = 500;
