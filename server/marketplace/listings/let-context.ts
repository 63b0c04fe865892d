import { isValid as isValidPostcode, toNormalised } from 'postcode';
import { londonToday } from '../../../domain/dates.ts';
import type { LetContext } from '../../../domain/lettings/check-let.ts';
import { isLetNation, type LetNation } from '../../../domain/lettings/rules-by-nation.ts';
import { nationForPostcode } from '../geography/nation.ts';

/** The let rules' settings from configuration (server/config.ts). */
export interface LetRulesSettings {
  prsDatabaseRequiredFrom?: string | null | undefined;
}

/** The nation of a postcode as typed, or undefined while it is not a real postcode. */
export function nationOfPostcode(postcode: unknown): LetNation | undefined {
  if (typeof postcode !== 'string' || !isValidPostcode(postcode)) return undefined;
  const nation = nationForPostcode(toNormalised(postcode)!);
  return isLetNation(nation) ? nation : undefined;
}

/** Where and when a let is checked: the nation its postcode is in, today in London. */
export function letContextFor(
  postcode: unknown,
  settings: LetRulesSettings = {},
  now: Date = new Date(),
): LetContext {
  return {
    nation: nationOfPostcode(postcode),
    today: londonToday(now),
    prsDatabaseRequiredFrom: settings.prsDatabaseRequiredFrom ?? null,
  };
}
