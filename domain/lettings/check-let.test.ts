import { describe, expect, it } from 'vitest';
import { validateListing } from '../listing/listing-schema.ts';
import { validateStep } from '../listing/wizard-steps.ts';
import { letRuleIssues, normaliseRegistrationNumber } from './check-let.ts';
import { LET_NATIONS, LET_RULES_BY_NATION, type LetNation } from './rules-by-nation.ts';

/** A lawful let, valid in every nation once its registration number is filled in. */
const let_ = {
  channel: 'rent',
  propertyType: 'flat',
  addressLine1: '12 Victoria Road',
  town: 'Leeds',
  postcode: 'LS6 2AB',
  title: 'Bright two bedroom flat near the park',
  description: 'A bright flat with a balcony, a modern kitchen and a bike store. Close to shops.',
  keyFeatures: ['Balcony', 'Bike store'],
  bedrooms: 2,
  bathrooms: 1,
  receptions: 1,
  councilTaxBand: 'B',
  epcRating: 'C',
  materialInfo: {},
  tours: [],
  price: 1300,
  rentPeriod: 'month',
  deposit: 1000,
  furnished: 'furnished',
  letType: 'long_term',
};

const registration: Record<LetNation, string | undefined> = {
  England: undefined,
  Wales: 'RSW-12345-67890',
  Scotland: '123456/230/12345',
  'Northern Ireland': undefined,
};

const check = (nation: LetNation, changes: Record<string, unknown>) =>
  validateListing(
    { ...let_, registrationNumber: registration[nation], ...changes },
    { nation, today: '2026-11-28' },
  );

const fieldsOf = (result: ReturnType<typeof check>) => (result.success ? {} : result.fields);

describe('the let rules of each nation', () => {
  it.each(LET_NATIONS)('publishes a lawful let in %s', (nation) => {
    expect(fieldsOf(check(nation, {}))).toEqual({});
  });

  // Monthly rent £1,300: 5 weeks £1,500 (England), 2 months £2,600 (Scotland), 1 month £1,300
  // (Northern Ireland), no statutory cap (Wales).
  it.each([
    ['England', 1500, 1501],
    ['Scotland', 2600, 2601],
    ['Northern Ireland', 1300, 1301],
  ] as const)('caps the deposit in %s at £%i', (nation, atCap, overCap) => {
    expect(fieldsOf(check(nation, { deposit: atCap }))).toEqual({});
    expect(fieldsOf(check(nation, { deposit: overCap })).deposit).toMatch(
      new RegExp(`at most £${atCap.toLocaleString('en-GB')}`),
    );
  });

  it("does not apply England's five-week cap in Wales, which has no statutory cap", () => {
    expect(fieldsOf(check('Wales', { deposit: 3000 }))).toEqual({});
  });

  it('caps a deposit at six weeks in England from £50,000 a year', () => {
    // £5,000 a month: 6 weeks = 60,000 / 52 × 6 = £6,923.
    expect(fieldsOf(check('England', { price: 5000, deposit: 6923 }))).toEqual({});
    expect(fieldsOf(check('England', { price: 5000, deposit: 6924 })).deposit).toMatch(/6 weeks/);
  });

  it("turns a weekly rent into a month as Northern Ireland's Act does (÷ 7 × 30)", () => {
    // £210 a week: £900 a month in Northern Ireland (not 210 × 52 / 12 = £910).
    expect(
      fieldsOf(check('Northern Ireland', { price: 210, rentPeriod: 'week', deposit: 900 })),
    ).toEqual({});
    expect(
      fieldsOf(check('Northern Ireland', { price: 210, rentPeriod: 'week', deposit: 901 })).deposit,
    ).toMatch(/at most £900: one month's rent/);
  });

  it.each([
    ['England', 300, 301],
    ['Wales', 300, 301],
  ] as const)('caps the holding deposit in %s at one week (£%i)', (nation, atCap, overCap) => {
    expect(fieldsOf(check(nation, { holdingDeposit: atCap }))).toEqual({});
    expect(fieldsOf(check(nation, { holdingDeposit: overCap })).holdingDeposit).toMatch(
      /one week's rent/,
    );
  });

  it.each([
    ['Scotland', '', /landlord registration number.*landlord registration pending.*s\. 92B/],
    ['Scotland', 'ABC', /such as 123456\/230\/12345/],
    ['Wales', '', /Rent Smart Wales registration number/],
  ] as const)('requires the registration number in %s (given %j)', (nation, value, message) => {
    expect(fieldsOf(check(nation, { registrationNumber: value })).registrationNumber).toMatch(
      message,
    );
  });

  it("accepts 'landlord registration pending' in Scotland", () => {
    const result = check('Scotland', { registrationNumber: 'Landlord registration pending' });
    expect(fieldsOf(result)).toEqual({});
    expect(normaliseRegistrationNumber('Landlord  Registration Pending')).toBe(
      'landlord registration pending',
    );
  });

  it("asks for England's PRS Database number only from the day configured", () => {
    const facts = { ...let_, registrationNumber: '' };
    const before = {
      nation: 'England',
      today: '2027-01-31',
      prsDatabaseRequiredFrom: '2027-02-01',
    };
    expect(letRuleIssues(facts, before as never)).toEqual({});
    expect(
      letRuleIssues(facts, { ...before, today: '2027-02-01' } as never).registrationNumber,
    ).toMatch(/PRS Database/);
    expect(letRuleIssues(facts, { nation: 'England', today: '2030-01-01' })).toEqual({});
  });

  it("says pets are considered on request in England, and leaves the lister's choice elsewhere", () => {
    const england = check('England', { petsConsidered: false });
    expect(england.success && england.data.petsConsidered).toBe(true);
    const wales = check('Wales', { petsConsidered: false });
    expect(wales.success && wales.data.petsConsidered).toBe(false);
  });
});

describe('wording on lets', () => {
  // Bidding and rent in advance never appear on a published let, whatever the nation.
  const everywhere = [
    ['description', 'Lovely flat near the park. Best and final offers by Friday please.'],
    ['description', 'Lovely flat near the park, the highest bid secures the tenancy for you.'],
    ['description', 'Lovely flat near the park. Six months rent in advance required.'],
    ['description', "Lovely flat near the park. 6 months' rent upfront from the tenant."],
    ['title', 'Two bed flat - sealed bids by Friday'],
    ['title', 'Two bed flat, offers over £1,200 pcm'],
    ['keyFeatures', ['Balcony', 'Highest offer secures']],
    ['keyFeatures', ['OIRO £1,250 pcm']],
    ['description', 'Lovely flat near the park. Rent £1,200 - £1,300 pcm depending on term.'],
    ['keyFeatures', ['POA']],
    ['description', 'Lovely flat near the park, we welcome offers above the asking rent.'],
  ] as const;

  it.each(
    LET_NATIONS.flatMap((nation) =>
      everywhere.map(([field, text]) => [nation, field as string, text] as const),
    ),
  )('refuses in %s the %s %j', (nation, field, text) => {
    const fields = fieldsOf(check(nation, { [field]: text }));
    expect(fields[field]).toBeDefined();
  });

  it('refuses bidding wording in the browser before the nation is known', () => {
    const result = validateStep(3, {
      channel: 'rent',
      title: 'Two bed flat near the park',
      description: 'Lovely flat near the park. Best and final offers by Friday please.',
      bedrooms: 2,
      bathrooms: 1,
      receptions: 1,
    });
    expect(!result.success && result.fields.description).toMatch(/bids/);
  });

  it('leaves sales their offers wording', () => {
    const result = validateStep(3, {
      channel: 'sale',
      title: 'Two bed flat, offers over £200,000',
      description: 'Lovely flat near the park. Best and final offers by Friday please.',
      bedrooms: 2,
      bathrooms: 1,
      receptions: 1,
    });
    expect(result.success).toBe(true);
  });

  it("accepts one month's rent in advance, which is lawful after signing", () => {
    const text = "Lovely flat near the park. First month's rent in advance on signing.";
    expect(fieldsOf(check('England', { description: text }))).toEqual({});
  });

  it.each([
    ['England', 'Lovely flat near the park on a 12 month fixed term tenancy.', /periodic/],
    ['England', 'Lovely flat near the park, minimum term six months for you.', /periodic/],
    ['England', 'Lovely flat near the park let on an AST for the right tenant.', /periodic/],
    ['England', 'Lovely flat near the park. Sorry, no pets in this building.', /pet/],
    ['Wales', 'Lovely flat near the park on an assured shorthold tenancy.', /occupation contract/],
    [
      'Scotland',
      'Lovely flat near the park on a short assured tenancy basis.',
      /private residential/,
    ],
    ['Scotland', 'Lovely flat near the park on a 12 month fixed term let.', /private residential/],
  ] as const)('refuses tenancy wording that is not the law of %s: %j', (nation, text, message) => {
    expect(fieldsOf(check(nation, { description: text })).description).toMatch(message);
  });

  it.each([
    ['Wales', 'Lovely flat near the park on a 12 month fixed term occupation contract.'],
    ['Northern Ireland', 'Lovely flat near the park on a 12 month fixed term tenancy. No pets.'],
  ] as const)('allows a fixed term where %s law has one', (nation, text) => {
    expect(fieldsOf(check(nation, { description: text }))).toEqual({});
  });

  const discrimination = [
    ['title', 'Two bed flat, working professionals only'],
    ['title', 'Two bed flat - no housing benefit'],
    ['keyFeatures', ['Benefits not accepted']],
    ['keyFeatures', ['Not suitable for children']],
    ['description', 'Lovely flat near the park. No universal credit, sorry about that.'],
    ['description', 'Lovely flat near the park. Must be in full-time employment to apply.'],
    ['description', 'Lovely flat near the park. Couples only, no babies please.'],
  ] as const;

  it.each(
    (['England', 'Wales', 'Scotland'] as const).flatMap((nation) =>
      discrimination.map(([field, text]) => [nation, field as string, text] as const),
    ),
  )('refuses in %s discrimination in the %s: %j', (nation, field, text) => {
    const fields = fieldsOf(check(nation, { [field]: text }));
    expect(fields[field]).toMatch(/unlawful/);
  });

  it('keeps the lawful exceptions as fields: retirement homes and student lets', () => {
    const retirement = check('England', { features: ['retirement'] });
    expect(retirement.success && retirement.data.features).toEqual(['retirement']);
    const student = check('Scotland', { letType: 'student' });
    expect(student.success && student.data.letType).toBe('student');
  });
});

describe('the rules table', () => {
  it.each(LET_NATIONS)('names the law and the date each rule of %s took effect', (nation) => {
    const rules = LET_RULES_BY_NATION[nation];
    for (const rule of rules.wording) {
      expect(rule.source.law).not.toBe('');
      expect(rule.source.since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(rules.deposit.source.law).not.toBe('');
    if (rules.deposit.cap) expect(rules.deposit.source.since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (rules.registration) expect(rules.registration.source.law).not.toBe('');
  });
});
