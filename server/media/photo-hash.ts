import sharp from 'sharp';
import phash from 'sharp-phash';

/** Below this spread of grey levels a picture is nearly one flat colour: nothing to compare. */
const MIN_GREY_STDEV = 6;

/**
 * A 64-bit perceptual hash (DCT of a 32×32 greyscale copy) of an image Roost has already
 * processed, as 64 '0'/'1' characters: a re-encoded, resized or lightly edited copy of the same
 * photo lands within a few bits of it. A near-uniform image has none (undefined): its hash is
 * compression noise, and every such image would match every other.
 */
export async function photoHash(processed: Buffer): Promise<string | undefined> {
  const { channels } = await sharp(processed).greyscale().resize(32, 32, { fit: 'fill' }).stats();
  if ((channels[0]?.stdev ?? 0) < MIN_GREY_STDEV) return undefined;
  return phash(processed);
}
