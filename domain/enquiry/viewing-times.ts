import { formatCalendarDay } from '../format.ts';
import { LABELS } from '../labels.ts';

export const VIEWING_PERIODS = ['morning', 'afternoon', 'evening'] as const;
export type ViewingPeriod = (typeof VIEWING_PERIODS)[number];
export const MAX_VIEWING_TIMES = 3;
/** How far ahead a viewing may be asked for. */
export const VIEWING_WINDOW_DAYS = 90;

export interface ViewingTime {
  /** A calendar day in the UK, `YYYY-MM-DD`. */
  date: string;
  period: ViewingPeriod;
}

/** e.g. 'Saturday 28 November 2026, morning (9am to 12 noon)'. */
export function formatViewingTime(slot: ViewingTime): string {
  const label = LABELS.viewingPeriod[slot.period] ?? slot.period;
  return `${formatCalendarDay(slot.date)}, ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}
