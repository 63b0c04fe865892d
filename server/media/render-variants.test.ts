import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderVariant, renderVariantSet } from './render-variants.ts';

/** A photo-like picture: a gradient with fine stripes, so quality changes the bytes. */
async function photo() {
  const width = 800;
  const height = 533;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (x + y) % 7 < 3 ? 200 : 60;
      pixels[at + 2] = (y * 255) / height;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('variant encoding', () => {
  it("encodes AVIF 15 below the URL's JPEG-scale quality, WebP at it", async () => {
    const source = await photo();
    const at = (format: 'avif' | 'webp' | 'jpeg', quality: number) =>
      sharp(source)
        .rotate()
        .resize({ width: 640 })
        .toFormat(format, { quality, effort: format === 'jpeg' ? undefined : 2 })
        .toBuffer();
    const avif = await renderVariant(
      source,
      { width: 640, quality: 75, format: 'avif' },
      'request',
    );
    expect(avif.equals(await at('avif', 60))).toBe(true);
    expect(avif.equals(await at('avif', 75))).toBe(false);
    const webp = await renderVariant(
      source,
      { width: 640, quality: 75, format: 'webp' },
      'request',
    );
    expect(webp.equals(await at('webp', 75))).toBe(true);
  });

  it('uses the same qualities for the variants made at upload', async () => {
    const source = await photo();
    const { variants } = await renderVariantSet(source, [
      { width: 640, quality: 75, format: 'avif' },
    ]);
    const fromWorking = await sharp(source)
      .rotate()
      .resize({ width: 640 })
      .avif({ quality: 60, effort: 2 })
      .toBuffer();
    const higher = await sharp(source)
      .rotate()
      .resize({ width: 640 })
      .avif({ quality: 75, effort: 2 })
      .toBuffer();
    const size = variants[0]!.data.length;
    // Resized from a decode at 1,920 px rather than directly, so compare sizes, not bytes.
    expect(Math.abs(size - fromWorking.length) / fromWorking.length).toBeLessThan(0.1);
    expect(size).toBeLessThan(higher.length * 0.85);
    // Three AVIF encodes of a 12-megapixel photo: seconds of CPU on a shared two-core machine.
  }, 30_000);
});
