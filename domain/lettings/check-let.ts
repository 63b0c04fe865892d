import { formatNumber } from '../format.ts';
import { poundsFromInput } from '../price-input.ts';
import type { FieldErrors } from '../validation/field-errors.ts';
import {
  ALL_NATIONS_WORDING,
  LET_RULES_BY_NATION,
  type DepositCap,
  type LetNation,
  type WordingRule,
} from './rules-by-nation.ts';

/** What the let checks read: a draft's or listing's fields, as stored or as typed. */
export interface LetFacts {
  title?: unknown;
  description?: unknown;
  keyFeatures?: unknown;
  price?: unknown;
  rentPeriod?: unknown;
  deposit?: unknown;
  holdingDeposit?: unknown;
  registrationNumber?: unknown;
}

/**
 * Where and when the let is checked. Without a nation (the browser before the server has placed
 * the postcode) only the rules of every nation apply; the server always knows the nation.
 */
export interface LetContext {
  nation?: LetNation | undefined;
  /** The day (YYYY-MM-DD, Europe/London) the check runs on. */
  today?: string | undefined;
  /** From this day England's PRS Database number is required (set in configuration). */
  prsDatabaseRequiredFrom?: string | null | undefined;
}

const amount = (value: unknown): number | undefined => {
  const pounds = poundsFromInput(value);
  return typeof pounds === 'number' && Number.isFinite(pounds) ? pounds : undefined;
};

/** The most a deposit may be at this rent in this nation (whole pounds), or null for no cap. */
export function depositCapFor(
  nation: LetNation,
  rent: number,
  period: 'month' | 'week',
): { max: number; description: string } | null {
  const cap = LET_RULES_BY_NATION[nation].deposit.cap;
  return cap ? applyCap(cap, rent, period) : null;
}

function applyCap(cap: DepositCap, rent: number, period: 'month' | 'week') {
  if (cap.kind === 'weeks') {
    const annual = period === 'week' ? rent * 52 : rent * 12;
    const weeks = annual >= cap.highAnnualRent ? cap.highRentWeeks : cap.weeks;
    return { max: Math.floor((annual / 52) * weeks + 1e-9), description: `${weeks} weeks' rent` };
  }
  // Northern Ireland counts a month of a weekly rent as 30 days (weekly ÷ 7 × 30).
  const monthly =
    period === 'month'
      ? rent
      : cap.perMonth === 'weekly_over_7_times_30'
        ? (rent / 7) * 30
        : (rent * 52) / 12;
  const months = cap.months === 1 ? "one month's rent" : `${cap.months} months' rent`;
  return { max: Math.floor(monthly * cap.months + 1e-9), description: months };
}

/** The most a holding deposit may be (whole pounds), or null where the nation sets no cap. */
export function holdingDepositCapFor(
  nation: LetNation,
  rent: number,
  period: 'month' | 'week',
): number | null {
  const weeks = LET_RULES_BY_NATION[nation].holdingDeposit.weeks;
  if (weeks === null) return null;
  const weekly = period === 'week' ? rent : (rent * 12) / 52;
  return Math.floor(weekly * weeks + 1e-9);
}

/** The wording rules for a let in this nation (every nation's, then the nation's own). */
export function wordingRulesFor(nation: LetNation | undefined): WordingRule[] {
  return nation
    ? [...ALL_NATIONS_WORDING, ...LET_RULES_BY_NATION[nation].wording]
    : ALL_NATIONS_WORDING;
}

/** The first wording rule the text breaks, if any. */
export function refusedLetWording(text: string, nation: LetNation | undefined) {
  return wordingRulesFor(nation).find((rule) => rule.pattern.test(text));
}

function wordingIssues(facts: LetFacts, nation: LetNation | undefined): FieldErrors {
  const issues: FieldErrors = {};
  for (const field of ['title', 'description'] as const) {
    const text = facts[field];
    const rule = typeof text === 'string' ? refusedLetWording(text, nation) : undefined;
    if (rule) issues[field] = rule.message;
  }
  const features = Array.isArray(facts.keyFeatures) ? facts.keyFeatures : [];
  const rule = features
    .filter((item): item is string => typeof item === 'string')
    .map((item) => refusedLetWording(item, nation))
    .find(Boolean);
  if (rule) issues.keyFeatures = rule.message;
  return issues;
}

function depositIssues(facts: LetFacts, nation: LetNation): FieldErrors {
  const issues: FieldErrors = {};
  const rent = amount(facts.price);
  if (rent === undefined || rent <= 0) return issues;
  const period = facts.rentPeriod === 'week' ? 'week' : 'month';
  const rules = LET_RULES_BY_NATION[nation];
  const deposit = amount(facts.deposit);
  const cap = depositCapFor(nation, rent, period);
  if (cap && deposit !== undefined && deposit > cap.max) {
    issues.deposit = `The deposit can be at most £${formatNumber(cap.max)}: ${cap.description} (${rules.deposit.source.law})`;
  }
  const holding = amount(facts.holdingDeposit);
  const holdingCap = holdingDepositCapFor(nation, rent, period);
  if (holdingCap !== null && holding !== undefined && holding > holdingCap) {
    issues.holdingDeposit = `The holding deposit can be at most £${formatNumber(holdingCap)}: one week's rent (${rules.holdingDeposit.source.law})`;
  }
  return issues;
}

function registrationIssues(
  facts: LetFacts,
  context: LetContext & { nation: LetNation },
): FieldErrors {
  const rule = LET_RULES_BY_NATION[context.nation].registration;
  if (!rule) return {};
  const value = typeof facts.registrationNumber === 'string' ? facts.registrationNumber.trim() : '';
  const isRequired =
    rule.required === 'always' ||
    (rule.required === 'from_config' &&
      !!context.prsDatabaseRequiredFrom &&
      !!context.today &&
      context.today >= context.prsDatabaseRequiredFrom);
  if (!value) {
    if (!isRequired) return {};
    const pending = rule.pendingWording ? ` (or '${rule.pendingWording}')` : '';
    return {
      registrationNumber: `Enter the ${rule.name}${pending}: every let advert in ${context.nation} must show it (${rule.source.law})`,
    };
  }
  if (rule.pendingWording && value.toLowerCase() === rule.pendingWording) return {};
  if (!rule.pattern.test(value)) {
    return {
      registrationNumber: `Enter the ${rule.name} as it was issued, such as ${rule.example}`,
    };
  }
  return {};
}

/**
 * Every let rule the facts break, as field messages: wording everywhere, then (when the nation
 * is known) deposits against the nation's caps and the registration number it requires.
 */
export function letRuleIssues(facts: LetFacts, context: LetContext = {}): FieldErrors {
  const nation = context.nation;
  if (!nation) return wordingIssues(facts, undefined);
  return {
    ...wordingIssues(facts, nation),
    ...depositIssues(facts, nation),
    ...registrationIssues(facts, { ...context, nation }),
  };
}

/** A registration number as stored: trimmed, the pending wording in its one spelling. */
export function normaliseRegistrationNumber(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (!trimmed) return null;
  return /^landlord registration pending$/i.test(trimmed)
    ? 'landlord registration pending'
    : trimmed.toUpperCase();
}
