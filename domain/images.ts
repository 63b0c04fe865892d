/**
 * The only widths the image loader renders. A fixed set keeps the variant cache small and stops
 * anyone from asking the server to render thousands of sizes. 720 is a phone's card or gallery
 * picture (380 CSS px at 1.75–1.9 device pixels a pixel), which would otherwise take 960.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 720, 960, 1280, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const IMAGE_QUALITIES = [50, 65, 75, 85] as const;
export const DEFAULT_IMAGE_QUALITY = 75;

export function imageUrl(key: string, width: ImageWidth, quality = DEFAULT_IMAGE_QUALITY): string {
  return `/img/${key}?w=${width}&q=${quality}`;
}

/** `srcset` covering every width up to `maxWidth`. */
export function imageSrcSet(key: string, maxWidth: ImageWidth = 1920): string {
  return IMAGE_WIDTHS.filter((width) => width <= maxWidth)
    .map((width) => `${imageUrl(key, width)} ${width}w`)
    .join(', ');
}

/** Narrower photos are accepted but look poor on a property page: the lister is warned. */
export const MIN_GOOD_PHOTO_WIDTH = 640;

/** The warning for a photo too narrow to look good, or null when it is wide enough. */
export function smallPhotoWarning(width: number): string | null {
  if (width >= MIN_GOOD_PHOTO_WIDTH) return null;
  return `This photo is only ${width} px wide, so it will look poor on the listing. Use one at least ${MIN_GOOD_PHOTO_WIDTH} px wide if you can.`;
}
