import { formatNumber } from './format.ts';

/**
 * Prices as people type them: '£325,000', '325,000', '325k', '£1.2m', '1,250 pcm', '£300 pw'.
 * Shared by the wizard, the manage page, search and the server, so every one of them accepts the
 * same text and shows it back the same way.
 */
export interface TypedPrice {
  /** Whole pounds. */
  pounds: number;
  /** Set when the text named a rent period ('pcm', 'per week'…). */
  period?: 'month' | 'week';
}

const PERIODS: Array<[RegExp, 'month' | 'week']> = [
  [/(?:pcm|pm|p\/m|per\s*(?:calendar\s*)?month|a\s*month|\/\s*(?:month|mth|m)|monthly)$/, 'month'],
  [/(?:pw|p\/w|per\s*week|a\s*week|\/\s*(?:week|wk|w)|weekly)$/, 'week'],
];

const MULTIPLIERS: Record<string, number> = {
  '': 1,
  k: 1_000,
  thousand: 1_000,
  m: 1_000_000,
  mn: 1_000_000,
  million: 1_000_000,
};

/** The amount (and any rent period) in `text`, or undefined when it isn't a price. */
export function parseTypedPrice(text: string): TypedPrice | undefined {
  let rest = text.trim().toLowerCase().replace(/\s+/g, ' ');
  let period: TypedPrice['period'];
  for (const [pattern, value] of PERIODS) {
    const match = pattern.exec(rest);
    if (match) {
      period = value;
      rest = rest.slice(0, match.index).trim();
      break;
    }
  }
  rest = rest.replace(/^(?:£|gbp)\s*/, '').replace(/\s*(?:gbp|pounds?)$/, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(k|thousand|mn|million|m)?$/.exec(rest);
  if (!match) return undefined;
  const [, whole, fraction = '', unit = ''] = match;
  const amount = Number(`${whole!.replace(/,/g, '')}${fraction}`) * MULTIPLIERS[unit]!;
  if (!Number.isFinite(amount)) return undefined;
  return { pounds: Math.round(amount), ...(period ? { period } : {}) };
}

/**
 * A form or query value as whole pounds: numbers pass through, typed text is parsed; anything
 * else is returned unchanged so the schema reports it.
 */
export function poundsFromInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return value;
  return parseTypedPrice(value)?.pounds ?? value;
}

/** A price shown back in a field: '325,000' (the label says £). */
export function formatTypedPrice(pounds: number): string {
  return formatNumber(pounds);
}

/** The typed text normalised ('£325k' → '325,000'), or as typed when it isn't a price. */
export function normaliseTypedPrice(text: string): string {
  const parsed = parseTypedPrice(text);
  return parsed ? formatTypedPrice(parsed.pounds) : text;
}
