import sharp, { type Sharp } from 'sharp';
import type { VariantFormat, VariantSpec } from './variant-cache.ts';

/** Refuse to decode anything bigger than this many pixels (decompression bombs). */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * The width of the working copy made at upload (JPEG, or WebP when the image has transparency,
 * quality 90): variants not made at upload are resized from it instead of the 3,840 px original,
 * which costs about half the CPU (the decode of the big original dominates small widths).
 */
export const WORKING_COPY_WIDTH = 1920;

/**
 * Encoder settings, chosen by measurement (docs/performance.md). `request`: a visitor is
 * waiting, so WebP uses effort 2 (30–55 % less CPU than the default 4 for 6–8 % more bytes).
 * `background`: the upload job, where bytes matter more than time. AVIF stays at effort 2 in
 * both: effort 0 made files 40–47 % larger, effort 4 took ten times the CPU.
 */
const ENCODE = {
  request: {
    avif: { effort: 2 },
    webp: { effort: 2 },
    jpeg: { mozjpeg: false },
  },
  background: {
    avif: { effort: 2 },
    webp: { effort: 4 },
    jpeg: { mozjpeg: false },
  },
} as const;

export type EncodeMode = keyof typeof ENCODE;

/**
 * A URL's quality is on JPEG's scale. AVIF's scale is finer: at the same number it kept far more
 * detail than JPEG (960 px demo photos at 75: 38–45 dB PSNR against JPEG's 38–42) and made files
 * larger than WebP's. 15 lower matches or beats JPEG's fidelity on each photo measured, for
 * 35–45 % fewer bytes than before (docs/performance.md).
 */
const QUALITY_OFFSET: Record<VariantFormat, number> = { avif: -15, webp: 0, jpeg: 0 };

function encoderQuality(format: VariantFormat, quality: number) {
  return quality + QUALITY_OFFSET[format];
}

function encode(pipeline: Sharp, quality: number, format: VariantFormat, mode: EncodeMode) {
  return pipeline
    .toFormat(format, { quality: encoderQuality(format, quality), ...ENCODE[mode][format] })
    .toBuffer();
}

/** One variant from an original or working copy: orientation applied, never enlarged. */
export function renderVariant(source: Buffer, spec: VariantSpec, mode: EncodeMode) {
  const pipeline = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: spec.width, withoutEnlargement: true });
  return encode(pipeline, spec.quality, spec.format, mode);
}

/**
 * Every variant in `specs` from one decode: the original is decoded once at the widest width
 * asked for (JPEG shrink-on-load does part of it), and each variant is resized from those pixels.
 * Also returns the working copy, so later variants at other qualities skip the big decode.
 */
export async function renderVariantSet(original: Buffer, specs: readonly VariantSpec[]) {
  const widest = Math.max(WORKING_COPY_WIDTH, ...specs.map((spec) => spec.width));
  const decoded = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: widest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fromDecoded = (width: number) =>
    sharp(decoded.data, {
      raw: {
        width: decoded.info.width,
        height: decoded.info.height,
        channels: decoded.info.channels,
      },
    }).resize({ width, withoutEnlargement: true });
  // JPEG would lose transparency (a floorplan's background would turn black): WebP keeps it.
  const copy = fromDecoded(WORKING_COPY_WIDTH);
  const workingCopy = await (
    decoded.info.channels === 4
      ? copy.webp({ quality: 90, alphaQuality: 100 })
      : copy.jpeg({ quality: 90 })
  ).toBuffer();
  const variants: { spec: VariantSpec; data: Buffer }[] = [];
  for (const spec of specs) {
    variants.push({
      spec,
      data: await encode(fromDecoded(spec.width), spec.quality, spec.format, 'background'),
    });
  }
  return { workingCopy, variants };
}
