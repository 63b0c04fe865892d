import { describe, expect, it } from 'vitest';
import { demoPictureSvgs } from './demo-photos.ts';

const home = (type: string, seed: number, bedrooms = 3) => ({
  type,
  bedrooms,
  bathrooms: 1,
  receptions: 1,
  seed,
});

/** Front doors in a street view: each has one brass handle. */
const doorsIn = (svg: string) => svg.split('fill="#d4af37"').length - 1;

describe('demo pictures', () => {
  it('draw each type as it is: a terrace with neighbours, a semi as a pair, a detached house alone', () => {
    expect(doorsIn(demoPictureSvgs(home('terraced', 1))[0]!)).toBe(5);
    expect(doorsIn(demoPictureSvgs(home('end_of_terrace', 2))[0]!)).toBe(3);
    expect(doorsIn(demoPictureSvgs(home('semi_detached', 3))[0]!)).toBe(2);
    expect(doorsIn(demoPictureSvgs(home('detached', 4))[0]!)).toBe(1);
    expect(doorsIn(demoPictureSvgs(home('bungalow', 5))[0]!)).toBe(1);
    // A block of flats: many windows over several storeys, no house front door.
    const flat = demoPictureSvgs(home('flat', 6))[0]!;
    expect(doorsIn(flat)).toBe(0);
    expect(flat.split('url(#glass)').length).toBeGreaterThan(15);
  });

  it('give the floorplan the listing’s rooms, on two floors for a house', () => {
    const plan = demoPictureSvgs(home('semi_detached', 7, 3)).at(-1)!;
    expect(plan).toContain('Ground floor');
    expect(plan).toContain('First floor');
    expect(plan).toContain('Bedroom 3');
    expect(plan).not.toContain('Bedroom 4');
    const flatPlan = demoPictureSvgs(home('flat', 8, 2)).at(-1)!;
    expect(flatPlan).not.toContain('First floor');
    expect(flatPlan).toContain('Bedroom 2');
  });

  it('never give two listings the same picture', () => {
    const types = ['terraced', 'flat', 'semi_detached', 'detached', 'bungalow', 'flat'];
    const pictures = Array.from({ length: 60 }, (_, seed) =>
      demoPictureSvgs(home(types[seed % types.length]!, seed)),
    ).flat();
    expect(new Set(pictures).size).toBe(pictures.length);
  });
});
