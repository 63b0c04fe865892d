/**
 * The only widths the image loader renders. A fixed set keeps the variant cache small and stops
 * anyone from asking the server to render thousands of sizes.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1920] as const;
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
