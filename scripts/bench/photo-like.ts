import sharp from 'sharp';

/**
 * A 4,000 × 3,000 photo-like JPEG (about 1.3–1.8 MB): a sky gradient, 400 overlapping shapes
 * with hard and soft edges, and sensor-like noise. Plain noise alone (the earlier bench photo)
 * averages away when shrunk, so encoders had almost nothing to do and sizes meant little.
 */
export async function makePhotoLike(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  let state = seed * 7919 + 1;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const colour = () =>
    `rgb(${Math.floor(random() * 255)},${Math.floor(random() * 255)},${Math.floor(random() * 255)})`;
  const shapes = Array.from({ length: 400 }, () => {
    const x = random() * width;
    const y = random() * height;
    const size = 20 + random() * 300;
    return random() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${size}" fill="${colour()}" fill-opacity="0.7"/>`
      : `<rect x="${x}" y="${y}" width="${size * 1.5}" height="${size}" fill="${colour()}" transform="rotate(${random() * 40 - 20} ${x} ${y})"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc"/><stop offset="1" stop-color="#e8d8b0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#sky)"/>${shapes}</svg>`;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 10 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .flatten()
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .withExif({ IFD0: { Make: 'BenchCam', Orientation: '1' } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
