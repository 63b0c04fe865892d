import sharp, { type Metadata } from 'sharp';
import { AppError } from '../http/app-error.ts';
import { createDecodeSlots, type DecodeSlots } from './decode-slots.ts';

export interface ImageLimits {
  /** Largest upload accepted, in bytes. */
  maxBytes: number;
  /** Largest decoded image accepted, in pixels (width × height): pixel bombs stop here. */
  maxPixels: number;
  /** Longest side accepted, in pixels. */
  maxSide: number;
}

export const DEFAULT_IMAGE_LIMITS: ImageLimits = {
  maxBytes: 25 * 1024 * 1024,
  maxPixels: 100_000_000,
  maxSide: 16_384,
};

/** Used when the caller brings no queue of its own (scripts, tests). */
const sharedDecodeSlots = createDecodeSlots();

/** The longest side of the copy we keep. */
export const MAX_STORED_SIDE = 3840;

export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

/** The format by magic bytes, never by file name or declared type. */
export function sniffImageFormat(bytes: Buffer): SniffedFormat | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  if (bytes.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    const brands = [bytes.toString('latin1', 8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) {
      brands.push(bytes.toString('latin1', offset, offset + 4));
    }
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'avif';
    if (
      brands.some((brand) =>
        ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand),
      )
    ) {
      return 'heic';
    }
  }
  return undefined;
}

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
  format: 'jpeg' | 'png' | 'webp';
}

const UNSUPPORTED =
  'This file is not a photo we can use. Upload a JPEG, PNG, WebP, AVIF or HEIC image.';

interface HeicImage {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}

/**
 * Decodes HEIC (HEVC) with libheif compiled to WebAssembly: sharp's bundled libvips cannot.
 * `all` only parses the container, so every image in the file is measured before the first one
 * (the one heic-decode picks) is decoded.
 */
async function decodeHeic(bytes: Buffer, limits: ImageLimits): Promise<Buffer> {
  // @ts-expect-error heic-decode ships no types; the one function used is typed here.
  const { default: decode } = (await import('heic-decode')) as unknown as {
    default: {
      all: (options: { buffer: Buffer }) => Promise<HeicImage[] & { dispose(): void }>;
    };
  };
  let images: Awaited<ReturnType<typeof decode.all>>;
  try {
    images = await decode.all({ buffer: bytes });
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED);
  }
  let image: Awaited<ReturnType<HeicImage['decode']>>;
  try {
    for (const each of images) checkDimensions(each.width, each.height, limits);
    if (!images[0]) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED);
    image = await images[0].decode().catch(() => {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED);
    });
  } finally {
    images.dispose();
  }
  checkDimensions(image.width, image.height, limits);
  return sharp(Buffer.from(image.data.buffer), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .jpeg({ quality: 90, mozjpeg: true })
    .toBuffer();
}

/**
 * The declared size, from the header alone: a JPEG's frame header, a PNG's IHDR, a WebP's
 * frame header, and for AVIF and HEIC the `ispe` box libheif reads from the container (sharp's
 * libheif parses HEIC containers even though it has no HEVC decoder). No pixel is decoded.
 */
async function readDeclaredSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED);
  }
  return { width: metadata.width ?? 0, height: metadata.height ?? 0 };
}

function checkDimensions(width: number, height: number, limits: ImageLimits) {
  if (width * height > limits.maxPixels || width > limits.maxSide || height > limits.maxSide) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `This image is ${width.toLocaleString('en-GB')} × ${height.toLocaleString('en-GB')} pixels, too large to process. Photos can be at most ${limits.maxSide.toLocaleString('en-GB')} pixels on each side.`,
    );
  }
}

/**
 * Checks an upload by its content and makes the copy we keep: orientation applied, every piece of
 * metadata (EXIF with its GPS position, XMP, IPTC) dropped, re-encoded in its own format (HEIC
 * becomes JPEG so every browser and the loader can read it). Throws AppError with a message for
 * people; nothing is stored here.
 */
export async function processImage(
  bytes: Buffer,
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
  slots: DecodeSlots = sharedDecodeSlots,
): Promise<ProcessedImage> {
  if (bytes.length > limits.maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `This file is ${formatMegabytes(bytes.length)}; photos can be at most ${formatMegabytes(limits.maxBytes)}.`,
    );
  }
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED);
  if (sniffed === 'png' && bytes.length >= 24) {
    // The IHDR chunk states the size: refuse a pixel bomb before any decoder sees it.
    checkDimensions(bytes.readUInt32BE(16), bytes.readUInt32BE(20), limits);
  }
  // Every check that needs no pixels runs before the upload queues for a decode slot.
  const declared = await readDeclaredSize(bytes);
  checkDimensions(declared.width, declared.height, limits);
  return slots.run(() => decodeAndStore(bytes, sniffed, limits));
}

async function decodeAndStore(
  bytes: Buffer,
  sniffed: SniffedFormat,
  limits: ImageLimits,
): Promise<ProcessedImage> {
  const input = sniffed === 'heic' ? await decodeHeic(bytes, limits) : bytes;
  // PNG keeps its transparency and WebP encodes quickly; everything else is kept as JPEG (AVIF
  // and HEIC encoders are far too slow to run per upload). Originals are capped at 3,840 pixels:
  // twice the largest width the loader serves.
  const format = sniffed === 'png' || sniffed === 'webp' ? sniffed : 'jpeg';
  const pipeline = sharp(input, { limitInputPixels: limits.maxPixels, failOn: 'error' })
    .rotate()
    .resize({
      width: MAX_STORED_SIDE,
      height: MAX_STORED_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
  const encoded =
    format === 'jpeg'
      ? pipeline.jpeg({ quality: 88 })
      : format === 'png'
        ? pipeline.png({ compressionLevel: 6 })
        : pipeline.webp({ quality: 88 });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, format };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${UNSUPPORTED} This one seems damaged.`);
  }
}

export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString('en-GB', { maximumFractionDigits: 1 })} MB`;
}
