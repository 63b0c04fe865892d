import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, parseSearchParams, toSearchParams } from './search-params.ts';

const parse = (search: string) => parseSearchParams(new URLSearchParams(search));

describe('parseSearchParams', () => {
  it('reads every filter from the URL', () => {
    const { query, notices } = parse(
      'location=Leeds&radius=5&minPrice=100000&maxPrice=250000&minBeds=2&maxBeds=4&type=flat&type=terraced&added=7&agreed=exclude&minArea=500&maxArea=1500&keywords=garden&sort=price-asc&page=2',
    );
    expect(notices).toEqual([]);
    expect(query).toEqual({
      ...DEFAULT_QUERY,
      location: 'Leeds',
      radius: 5,
      minPrice: 100000,
      maxPrice: 250000,
      minBeds: 2,
      maxBeds: 4,
      types: ['flat', 'terraced'],
      addedWithinDays: 7,
      includeAgreed: false,
      minArea: 500,
      maxArea: 1500,
      keywords: 'garden',
      sort: 'price-asc',
      page: 2,
    });
  });

  it('writes postcodes and districts upper-case, and leaves place names alone', () => {
    expect(parse('location=sw1a1aa').query.location).toBe('SW1A 1AA');
    expect(parse('location=m1').query.location).toBe('M1');
    expect(parse('location=ls6%202ab').query.location).toBe('LS6 2AB');
    expect(parse('location=Leeds').query.location).toBe('Leeds');
    expect(parse('location=bath').query.location).toBe('bath');
  });

  it.each([
    ['location=LS29%208AZ', 0.5, 'a full postcode opens half a mile round it'],
    ['location=ls298az', 0.5, 'however it is typed'],
    ['location=LS29%208AZ&radius=', 0.5, 'an empty radius is no choice'],
    ['location=LS29%208AZ&radius=7', 0.5, 'nor is one not on the list'],
    ['location=LS29%208AZ&radius=0', 0, "'this area only' when chosen"],
    ['location=LS29%208AZ&radius=3', 3, 'any other radius chosen'],
    ['location=LS29', 0, "a district opens on 'this area only'"],
    ['location=Ilkley', 0, "so does a town's name"],
  ])('%s searches within %s miles (%s)', (search, miles) => {
    expect(parse(search).query.radius).toBe(miles);
  });

  it("writes a postcode's 'this area only' into the URL, and reads it back the same", () => {
    const query = { ...DEFAULT_QUERY, location: 'LS29 8AZ', radius: 0 };
    expect(toSearchParams(query).get('radius')).toBe('0');
    expect(parseSearchParams(toSearchParams(query)).query.radius).toBe(0);
    const opened = parse('location=LS29%208AZ').query;
    expect(parseSearchParams(toSearchParams(opened)).query).toEqual(opened);
    expect(toSearchParams({ ...DEFAULT_QUERY, location: 'Leeds' }).has('radius')).toBe(false);
  });

  it('accepts the ways people write prices', () => {
    expect(parse('maxPrice=£250,000').query.maxPrice).toBe(250000);
    expect(parse('maxPrice=250k').query.maxPrice).toBe(250000);
    expect(parse(`maxPrice=${encodeURIComponent('£1.2m')}`).query.maxPrice).toBe(1_200_000);
    expect(parse(`maxPrice=${encodeURIComponent('1,250 pcm')}`).query.maxPrice).toBe(1250);
  });

  it.each([
    ['minPrice=abc', 'minimum price'],
    ['radius=-5', 'radius'],
    ['radius=7', 'radius'],
    ['minBeds=-1', 'minimum bedrooms'],
    ['added=2', 'added to site'],
    ['type=castle', 'property type'],
    ['sort=random', 'sort order'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['maxPrice=1e12', 'maximum price'],
  ])('ignores %s with a notice', (search, word) => {
    const { query, notices } = parse(search);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(word);
    expect(query).toEqual(DEFAULT_QUERY);
  });

  it('trims a 10,000-character keyword to the limit and says so', () => {
    const { query, notices } = parse(`keywords=${'a'.repeat(10_000)}`);
    expect(query.keywords).toHaveLength(200);
    expect(notices[0]).toContain('200 characters');
  });

  it('swaps a minimum above the maximum', () => {
    const { query, notices } = parse('minPrice=300000&maxPrice=200000');
    expect([query.minPrice, query.maxPrice]).toEqual([200000, 300000]);
    expect(notices[0]).toContain('swapped');
  });
});

describe('current location', () => {
  it('reads a UK point and writes it back rounded', () => {
    const { query, notices } = parse('near=53.800123456,-1.549876543');
    expect(notices).toEqual([]);
    expect(query.near).toEqual({ lat: 53.80012, lng: -1.54988 });
    expect(toSearchParams(query).get('near')).toBe('53.80012,-1.54988');
  });

  it.each(['near=48.85,2.35', 'near=abc', 'near=53.8'])('ignores %s with a notice', (search) => {
    const { query, notices } = parse(search);
    expect(query.near).toBeUndefined();
    expect(notices).toHaveLength(1);
  });
});

describe('drawn area', () => {
  it('reads a polygon of UK points and writes it back', () => {
    const { query, notices } = parse('polygon=53.8,-1.6;53.8,-1.5;53.9,-1.55');
    expect(notices).toEqual([]);
    expect(query.polygon).toEqual([
      { lat: 53.8, lng: -1.6 },
      { lat: 53.8, lng: -1.5 },
      { lat: 53.9, lng: -1.55 },
    ]);
    expect(toSearchParams(query).get('polygon')).toBe('53.8,-1.6;53.8,-1.5;53.9,-1.55');
  });

  it('refuses an outline whose points lie on one line, saying why', () => {
    for (const search of [
      'polygon=53.8,-1.6;53.85,-1.55;53.9,-1.5',
      'polygon=53.8,-1.6;53.8,-1.6;53.8,-1.6',
    ]) {
      const { query, notices } = parse(search);
      expect(query.polygon).toBeUndefined();
      expect(notices).toEqual([expect.stringContaining('its points lie on one line')]);
    }
  });

  it.each([
    'polygon=53.8,-1.6;53.8,-1.5',
    'polygon=1,2;3,4;5,6',
    'polygon=a,b;c,d;e,f',
    'polygon=53.8,-1.6,9;53.8,-1.5;53.9,-1.55',
  ])('ignores %s with a notice', (search) => {
    const { query, notices } = parse(search);
    expect(query.polygon).toBeUndefined();
    expect(notices).toHaveLength(1);
  });
});

describe('toSearchParams', () => {
  it('round-trips and leaves defaults out of the URL', () => {
    const search = 'location=York&radius=3&minBeds=2&type=flat&sort=price-desc&page=3';
    const { query } = parse(search);
    expect(toSearchParams(query).toString()).toBe(search);
    expect(toSearchParams(DEFAULT_QUERY).toString()).toBe('');
  });

  it("keeps 'pets considered' and drops any other value of it", () => {
    const { query } = parse('location=York&pets=considered');
    expect(query.petsConsidered).toBe(true);
    expect(toSearchParams(query).toString()).toBe('location=York&pets=considered');
    expect(parse('location=York&pets=yes').query.petsConsidered).toBeUndefined();
  });
});
