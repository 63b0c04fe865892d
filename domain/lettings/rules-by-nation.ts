/**
 * What a let advert may say in each UK nation, as data: every rule names the law or guidance it
 * comes from and the date it took effect, so the wizard, the API, the listing page and the
 * compliance check all read one table and docs/listings.md can print it.
 */

export const LET_NATIONS = ['England', 'Wales', 'Scotland', 'Northern Ireland'] as const;
export type LetNation = (typeof LET_NATIONS)[number];

export interface RuleSource {
  /** The statute, regulation or guidance, as it is cited. */
  law: string;
  url: string;
  /** When the rule took effect (YYYY-MM-DD). */
  since: string;
}

/** Wording refused in a let's title, description and key features. */
export interface WordingRule {
  id: string;
  pattern: RegExp;
  message: string;
  source: RuleSource;
}

export type DepositCap =
  /** Tenant Fees Act 2019: weeks of rent, more weeks at or above an annual rent. */
  | { kind: 'weeks'; weeks: number; highRentWeeks: number; highAnnualRent: number }
  /** Calendar months of rent; a weekly rent is first turned into a month as `perMonth` says. */
  | {
      kind: 'months';
      months: number;
      perMonth: 'weekly_times_52_over_12' | 'weekly_over_7_times_30';
    };

export interface RegistrationRule {
  /** The field's label in the wizard and on the listing page. */
  label: string;
  /** The label as it reads mid-sentence ('the … number'). */
  name: string;
  /** 'always': every advert; 'from_config': once the date in configuration has come. */
  required: 'always' | 'from_config' | 'never';
  /** Words accepted instead of a number while an application is pending. */
  pendingWording?: string;
  /** The shape of a number, checked loosely (authorities' formats vary over time). */
  pattern: RegExp;
  example: string;
  source: RuleSource;
}

export interface NationLetRules {
  /** The tenancy as the law of the nation calls it, for the listing page. */
  tenancyName: string;
  /** How the tenant is called in this nation. */
  tenantName: string;
  deposit: { cap: DepositCap | null; source: RuleSource };
  holdingDeposit: { weeks: number | null; source: RuleSource };
  registration: RegistrationRule | null;
  /** Pets are the tenant's request to make and the landlord's to consider: no 'no pets' field. */
  petsOnRequest: RuleSource | null;
  wording: WordingRule[];
}

const RRA: RuleSource = {
  law: "Renters' Rights Act 2025",
  url: 'https://www.legislation.gov.uk/ukpga/2025/26/contents',
  since: '2026-05-01',
};
const TFA: RuleSource = {
  law: 'Tenant Fees Act 2019',
  url: 'https://www.legislation.gov.uk/ukpga/2019/4/schedule/1',
  since: '2019-06-01',
};
const RENTING_HOMES_WALES: RuleSource = {
  law: 'Renting Homes (Wales) Act 2016',
  url: 'https://www.legislation.gov.uk/anaw/2016/1/contents',
  since: '2022-12-01',
};
const FEES_WALES: RuleSource = {
  law: 'Renting Homes (Fees etc.) (Wales) Act 2019',
  url: 'https://www.legislation.gov.uk/anaw/2019/2/schedule/1',
  since: '2019-09-01',
};
const RENT_SMART_WALES: RuleSource = {
  law: 'Housing (Wales) Act 2014, Part 1 (Rent Smart Wales)',
  url: 'https://www.legislation.gov.uk/anaw/2014/7/part/1',
  since: '2015-11-23',
};
const SCOTLAND_REGISTRATION: RuleSource = {
  law: 'Antisocial Behaviour etc. (Scotland) Act 2004 s. 92B',
  url: 'https://www.legislation.gov.uk/asp/2004/8/section/92B',
  since: '2012-09-01',
};
const SCOTLAND_DEPOSIT: RuleSource = {
  law: 'Rent (Scotland) Act 1984 s. 90(3); Tenancy Deposit Schemes (Scotland) Regulations 2011',
  url: 'https://www.legislation.gov.uk/ukpga/1984/58/section/90',
  since: '1984-10-31',
};
const SCOTLAND_PRT: RuleSource = {
  law: 'Private Housing (Tenancies) (Scotland) Act 2016',
  url: 'https://www.legislation.gov.uk/asp/2016/19/contents',
  since: '2017-12-01',
};
const NI_DEPOSIT: RuleSource = {
  law: 'Private Tenancies Act (Northern Ireland) 2022 s. 4 (Article 5ZC of the 2006 Order)',
  url: 'https://www.legislation.gov.uk/nia/2022/20/section/4',
  since: '2023-04-01',
};
const NO_STATUTE = (law: string): RuleSource => ({ law, url: '', since: '' });
/** Roost's own policy: bidding is banned in England and invites unlawful premiums elsewhere. */
const ROOST_POLICY: RuleSource = {
  law: "Roost policy (after the Renters' Rights Act 2025 s. 56 bidding ban)",
  url: 'https://www.gov.uk/government/publications/rental-bidding-guidance-for-local-councils',
  since: '2026-05-01',
};

/** Bidding and rent in advance: refused on every let in every nation. */
export const ALL_NATIONS_WORDING: WordingRule[] = [
  {
    id: 'rental-bidding',
    pattern:
      /\b(best\s+(and|&)\s+final|sealed\s+bids?|highest\s+(bid|bidder|offer)s?|offers?\s+(above|over|exceeding|in\s+excess\s+of)\s+(the\s+)?(asking|advertised|stated)?\s*(rent|price)?|open\s+to\s+offers|bidding\s+war)\b/i,
    message:
      "Lets must not invite bids ('best and final', 'highest offer', 'sealed bids', 'offers above the rent'): state one rent and keep to it (Renters' Rights Act 2025 s. 56)",
    source: ROOST_POLICY,
  },
  {
    id: 'rent-in-advance',
    // One month's rent in advance is lawful after signing; two or more, or a year's, is not.
    pattern:
      /\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[2-9]|1[0-2])\s+months?'?\s*(of\s+)?(rent\s+)?(paid\s+)?(up\s*front|in\s+advance)|\b(a\s+)?(full\s+|whole\s+)?year'?s?\s+(rent\s+)?(paid\s+)?(up\s*front|in\s+advance)/i,
    message:
      "Do not ask for months of rent in advance: in England no rent may be taken before the tenancy and at most one month after signing (Renters' Rights Act 2025 ss. 8–9)",
    source: { ...RRA, law: "Renters' Rights Act 2025 ss. 8–9" },
  },
  {
    id: 'one-stated-rent',
    pattern:
      /\b(offers\s+over|o\.?i\.?r\.?o\.?|offers\s+in\s+(the\s+)?region\s+of|p\.?o\.?a\.?|price\s+on\s+application|rent\s+on\s+application|guide\s+(rent|price))\b|£\s?\d[\d,]*\s*(-|–|to)\s*£?\s?\d[\d,]*\s*(pcm|pw|a\s+month|per\s+month|a\s+week|per\s+week)/i,
    message:
      "State one specific rent: no 'offers over', 'OIRO', 'POA', 'guide' or a range of rents (Renters' Rights Act 2025; NTS material information)",
    source: RRA,
  },
];

const ASSURED_SHORTHOLD = /\b(assured\s+shorthold(\s+tenancy)?|a\.?s\.?t\.?)\b/i;

const ENGLAND_WORDING: WordingRule[] = [
  {
    id: 'periodic-only',
    pattern: new RegExp(
      String.raw`\b(fixed[\s-]+term|minimum\s+(term|tenancy|let|contract|stay)|min\.?\s+term|\d+\s+months?\s+minimum|minimum\s+(of\s+)?\d+\s+months?)\b|` +
        ASSURED_SHORTHOLD.source,
      'i',
    ),
    message:
      "Tenancies in England are periodic: no 'fixed term', 'minimum term' or 'AST' (Renters' Rights Act 2025)",
    source: RRA,
  },
  {
    id: 'no-blanket-pet-ban',
    pattern:
      /\b(no\s+pets|pets\s+not\s+(allowed|accepted|permitted)|strictly\s+no\s+(animals|pets))\b/i,
    message:
      "Tenants in England may ask to keep a pet and the landlord must consider it: leave out 'no pets' (Renters' Rights Act 2025)",
    source: RRA,
  },
];

const WALES_WORDING: WordingRule[] = [
  {
    id: 'occupation-contract',
    pattern: ASSURED_SHORTHOLD,
    message:
      "Lets in Wales are 'occupation contracts' with 'contract-holders', not assured shorthold tenancies (Renting Homes (Wales) Act 2016)",
    source: RENTING_HOMES_WALES,
  },
];

const SCOTLAND_WORDING: WordingRule[] = [
  {
    id: 'private-residential-tenancy',
    pattern: new RegExp(
      String.raw`\b(short\s+assured(\s+tenancy)?|fixed[\s-]+term|minimum\s+(term|tenancy|let|stay)|\d+\s+months?\s+minimum)\b|` +
        ASSURED_SHORTHOLD.source,
      'i',
    ),
    message:
      "New lets in Scotland are private residential tenancies, open-ended: no 'fixed term', 'short assured' or 'AST' (Private Housing (Tenancies) (Scotland) Act 2016)",
    source: SCOTLAND_PRT,
  },
];

/** The rules of each nation. Change a rule here and every surface follows. */
export const LET_RULES_BY_NATION: Record<LetNation, NationLetRules> = {
  England: {
    tenancyName: 'Periodic assured tenancy (no fixed term)',
    tenantName: 'tenant',
    deposit: {
      cap: { kind: 'weeks', weeks: 5, highRentWeeks: 6, highAnnualRent: 50_000 },
      source: TFA,
    },
    holdingDeposit: { weeks: 1, source: TFA },
    registration: {
      label: 'PRS Database registration number',
      name: 'PRS Database registration number',
      required: 'from_config',
      pattern: /^[A-Z0-9][A-Z0-9/ -]{3,38}$/i,
      example: 'PRS-1234-5678',
      source: {
        ...RRA,
        law: "Renters' Rights Act 2025, Part 2 Chapter 3 (PRS Database)",
        since: '',
      },
    },
    petsOnRequest: RRA,
    wording: ENGLAND_WORDING,
  },
  Wales: {
    tenancyName: 'Occupation contract (periodic standard contract unless stated)',
    tenantName: 'contract-holder',
    deposit: { cap: null, source: NO_STATUTE('No statutory cap on the security deposit in Wales') },
    holdingDeposit: { weeks: 1, source: FEES_WALES },
    registration: {
      label: 'Rent Smart Wales registration number',
      name: 'Rent Smart Wales registration number',
      required: 'always',
      pattern: /^[A-Z0-9][A-Z0-9/ -]{3,38}$/i,
      example: 'RSW-12345-67890',
      source: RENT_SMART_WALES,
    },
    petsOnRequest: null,
    wording: WALES_WORDING,
  },
  Scotland: {
    tenancyName: 'Private residential tenancy (open-ended)',
    tenantName: 'tenant',
    deposit: {
      cap: { kind: 'months', months: 2, perMonth: 'weekly_times_52_over_12' },
      source: SCOTLAND_DEPOSIT,
    },
    holdingDeposit: { weeks: null, source: NO_STATUTE('No statutory cap on a holding deposit') },
    registration: {
      label: 'Landlord registration number',
      name: 'landlord registration number',
      required: 'always',
      pendingWording: 'landlord registration pending',
      pattern: /^\d{4,8}\s*\/\s*\d{3}\s*\/\s*\d{4,8}$/,
      example: '123456/230/12345',
      source: SCOTLAND_REGISTRATION,
    },
    petsOnRequest: null,
    wording: SCOTLAND_WORDING,
  },
  'Northern Ireland': {
    tenancyName: 'Private tenancy',
    tenantName: 'tenant',
    deposit: {
      cap: { kind: 'months', months: 1, perMonth: 'weekly_over_7_times_30' },
      source: NI_DEPOSIT,
    },
    holdingDeposit: { weeks: null, source: NO_STATUTE('No statutory cap on a holding deposit') },
    registration: null,
    petsOnRequest: null,
    wording: [],
  },
};

export function isLetNation(value: unknown): value is LetNation {
  return (LET_NATIONS as readonly unknown[]).includes(value);
}
