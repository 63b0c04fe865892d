import { describe, expect, it } from 'vitest';
import { nationForPostcode } from './nation.ts';

describe('nationForPostcode', () => {
  // Border cases are the postcode sectors whose nation the old prefix rule got wrong; each is
  // checked against postcode-centroids/sectors.csv.
  it.each([
    ['TD15 1AA', 'England', 'Berwick-upon-Tweed: TD but English'],
    ['TD15 2BB', 'England', 'Berwick outskirts'],
    ['CH5 4HS', 'Wales', 'Deeside: CH but Welsh'],
    ['CH7 1AB', 'Wales', 'Mold'],
    ['CH8 7AA', 'Wales', 'Holywell'],
    ['CH4 0DF', 'Wales', 'CH4 0 (Broughton) is Welsh though CH4 is mostly English'],
    ['CH4 7AA', 'England', 'the rest of CH4 is English'],
    ['NP16 7AA', 'England', 'Tidenham: NP16 7 is English'],
    ['NP16 5AA', 'Wales', 'Chepstow'],
    ['SY13 3AA', 'Wales', 'SY13 3 (Maelor) is Welsh'],
    ['SY10 0AA', 'Wales', 'SY10 0 is Welsh though SY10 is mostly English'],
    ['HR3 6AA', 'England', 'HR3 6 is English though HR3 is mostly Welsh'],
    ['DG16 5AA', 'Scotland', 'Gretna'],
    ['CA6 5AA', 'England', 'Longtown'],
    ['LS29 8AZ', 'England', 'Ilkley'],
    ['PH33 6AN', 'Scotland', 'Fort William'],
    ['SA62 6QR', 'Wales', 'St Davids'],
    ['EH1 1YZ', 'Scotland', 'Edinburgh'],
    ['BT1 1AA', 'Northern Ireland', 'Belfast: BT is absent from the lookup'],
    ['BT74 6AA', 'Northern Ireland', 'Enniskillen'],
  ])('%s is in %s (%s)', (postcode, nation) => {
    expect(nationForPostcode(postcode)).toBe(nation);
  });

  it('reads postcodes as people type them', () => {
    expect(nationForPostcode(' td151aa ')).toBe('England');
    expect(nationForPostcode('np16  7aa')).toBe('England');
  });

  it.each([
    ['TD15', 'England'],
    ['CH5', 'Wales'],
    ['NP16', 'Wales'],
    ['BT9', 'Northern Ireland'],
  ])('a district on its own, %s, is in %s (its most postcodes)', (district, nation) => {
    expect(nationForPostcode(district)).toBe(nation);
  });

  it("takes the area's nation for a code the lookup has never seen", () => {
    // TD16, PH99 and LL99 are not in the lookup; TD and PH districts are Scottish, LL Welsh.
    expect(nationForPostcode('TD16 1AA')).toBe('Scotland');
    expect(nationForPostcode('PH99 1AA')).toBe('Scotland');
    expect(nationForPostcode('LL99 1AA')).toBe('Wales');
  });
});
