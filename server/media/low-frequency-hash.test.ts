import sharp from 'sharp';
import phash from 'sharp-phash';
import { describe, expect, it } from 'vitest';
import { createDemoPhotos } from '../marketplace/demo/demo-photos.ts';
import { lowFrequencyHash } from './low-frequency-hash.ts';

const SAMPLE = 32;
const raw = { raw: { width: SAMPLE, height: SAMPLE, channels: 1 as const } };

/** A grey 32×32 sample from a seeded generator (no Math.random: a failure repeats). */
function noise(seed: number): Buffer {
  let state = seed;
  return Buffer.from(
    Array.from({ length: SAMPLE * SAMPLE }, () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % 256;
    }),
  );
}

describe('lowFrequencyHash', () => {
  // Pictures with no vertical (or horizontal) detail at all, such as a pure gradient, are left
  // out: their other coefficients are all zero but for rounding, so either way of summing is noise.
  it('gives sharp-phash’s bits for drawn rooms and noise', async () => {
    const samples: Buffer[] = [];
    for (const seed of [1, 7, 19]) {
      const photos = await createDemoPhotos({
        type: 'terraced',
        bedrooms: 3,
        bathrooms: 2,
        receptions: 2,
        seed,
      });
      for (const { jpeg } of photos) {
        samples.push(
          await sharp(jpeg).greyscale().resize(SAMPLE, SAMPLE, { fit: 'fill' }).raw().toBuffer(),
        );
      }
    }
    for (let seed = 1; seed <= 20; seed++) samples.push(noise(seed));

    for (const sample of samples) {
      expect(lowFrequencyHash(sample)).toBe(await phash(sample, raw));
    }
  });

  it('tells apart a picture and its mirror image', () => {
    const left = noise(42);
    const right = Buffer.from(
      Array.from(
        { length: SAMPLE * SAMPLE },
        (_, i) => left[i - (i % SAMPLE) + SAMPLE - 1 - (i % SAMPLE)]!,
      ),
    );
    expect(lowFrequencyHash(left)).not.toBe(lowFrequencyHash(right));
  });

  it('refuses a sample of the wrong size', () => {
    expect(() => lowFrequencyHash(Buffer.alloc(10))).toThrow(RangeError);
  });
});
