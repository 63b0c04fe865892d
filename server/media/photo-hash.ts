import sharp from 'sharp';
import { lowFrequencyHash } from './low-frequency-hash.ts';

/** Below this spread of grey levels a picture is nearly one flat colour: nothing to compare. */
const MIN_GREY_STDEV = 6;
const SAMPLE = 32;

/**
 * A photo's signature for the repost check, '<64 bits>|<red>|<green>|<blue>': the perceptual hash
 * (DCT of a 32×32 greyscale copy, as sharp-phash defines it) and the mean colour. A re-encoded or resized copy
 * lands within a few bits and about one colour level; rendered or staged rooms that share a
 * layout can share the bits too, but rarely the colours. A near-uniform image has none
 * (undefined): its hash is compression noise, and every such image would match every other.
 */
export async function photoHash(processed: Buffer): Promise<string | undefined> {
  // One decode (JPEG shrinks on load) to the 32×32 sample the hash itself is taken from.
  const sample = await sharp(processed)
    .removeAlpha()
    .toColourspace('srgb')
    .resize(SAMPLE, SAMPLE, { fit: 'fill' })
    .raw()
    .toBuffer();
  const means = [0, 1, 2].map((channel) => meanOf(sample, channel));
  const grey = Uint8Array.from({ length: SAMPLE * SAMPLE }, (_, index) =>
    Math.round(
      0.299 * sample[index * 3]! + 0.587 * sample[index * 3 + 1]! + 0.114 * sample[index * 3 + 2]!,
    ),
  );
  if (standardDeviation(grey) < MIN_GREY_STDEV) return undefined;
  // sharp's own greyscale of the sample, as sharp-phash takes it, so stored hashes still compare.
  const sharpGrey = await sharp(sample, { raw: { width: SAMPLE, height: SAMPLE, channels: 3 } })
    .greyscale()
    .raw()
    .toBuffer();
  const bits = lowFrequencyHash(sharpGrey);
  return [bits, ...means.map((mean) => Math.round(mean))].join('|');
}

function meanOf(rgb: Buffer, channel: number): number {
  let sum = 0;
  for (let index = channel; index < rgb.length; index += 3) sum += rgb[index]!;
  return sum / (rgb.length / 3);
}

function standardDeviation(values: Uint8Array): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance);
}
