// `npm run bench:images [-- --photos 12 --seconds 10 --connections 10]`
//
// Measures the resizing loader (/img/<key>?w=&q=): cold variants (decode, resize, encode, write
// to the variant cache) one after another and in parallel, then cached variants under load with
// autocannon. It counts encodes during the cached run: a cached variant must never be re-encoded.
// It also times the upload pipeline (sniff, orientation, EXIF strip, re-encode) per photo.
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import express from 'express';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../domain/images.ts';
import { createLocalBlobStore } from '../server/media/blob-store.ts';
import { createImageRouter } from '../server/media/image-route.ts';
import { processImage } from '../server/media/process-image.ts';

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '12' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const photoCount = Number(values.photos);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

/** A 12-megapixel phone-sized photo with fine detail (mild noise), about the size of a real one. */
async function makePhoto(seed: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 120 + seed, sigma: 12 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return sharp(noise)
    .withExif({ IFD0: { Make: 'BenchCam', Orientation: '1' } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'roost-bench-images-'));
try {
  const blobs = createLocalBlobStore(path.join(root, 'originals'));
  let encodes = 0;
  const app = express();
  app.use(
    createImageRouter({
      blobs,
      cacheDir: path.join(root, 'variants'),
      onRender: () => (encodes += 1),
    }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  console.log(`Preparing ${photoCount} 12-megapixel photos…`);
  const uploads = await Promise.all(
    Array.from({ length: photoCount }, (_, index) => makePhoto(index)),
  );
  const uploadStart = performance.now();
  const keys: string[] = [];
  for (const bytes of uploads) {
    const processed = await processImage(bytes);
    keys.push(await blobs.put(processed.data));
  }
  const uploadMs = (performance.now() - uploadStart) / photoCount;

  const fetchVariant = async (key: string, width: number, accept: string) => {
    const response = await fetch(`${base}/img/${key}?w=${width}&q=75`, { headers: { accept } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  };

  // Cold, one at a time: what the first visitor after a publish waits for.
  const coldWidths = [320, 960] as const;
  const sequentialStart = performance.now();
  let sequential = 0;
  for (const key of keys) {
    for (const width of coldWidths) {
      await fetchVariant(key, width, 'image/webp');
      sequential += 1;
    }
  }
  const sequentialSeconds = (performance.now() - sequentialStart) / 1000;

  // Cold, in parallel (every width, AVIF): the loader's encode throughput on this machine.
  const parallelStart = performance.now();
  const parallelJobs = keys.flatMap((key) =>
    IMAGE_WIDTHS.filter((width) => width <= 1280).map((width) => ({ key, width })),
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < parallelJobs.length) {
        const job = parallelJobs[next++]!;
        await fetchVariant(job.key, job.width, 'image/avif,image/webp');
      }
    }),
  );
  const parallelSeconds = (performance.now() - parallelStart) / 1000;

  // Cached: the same variants again, under load.
  const encodesBefore = encodes;
  const cached = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: keys.map((key, index) => ({
      method: 'GET',
      path: `/img/${key}?w=${coldWidths[index % coldWidths.length]}&q=75`,
      headers: { accept: 'image/webp' },
    })),
  });
  const cachedEncodes = encodes - encodesBefore;
  server.close();

  const figures = {
    cpus: os.cpus().length,
    uploadPipelineMsPerPhoto: Math.round(uploadMs),
    coldSequentialVariantsPerSecond: Number((sequential / sequentialSeconds).toFixed(1)),
    coldSequentialMsPerVariant: Math.round((sequentialSeconds * 1000) / sequential),
    coldParallelAvifVariantsPerSecond: Number((parallelJobs.length / parallelSeconds).toFixed(1)),
    cachedRequestsPerSecond: Math.round(cached.requests.average),
    cachedLatencyP50Ms: cached.latency.p50,
    cachedLatencyP99Ms: cached.latency.p99,
    cachedErrors: cached.errors + cached.non2xx,
    encodesDuringCachedRun: cachedEncodes,
  };
  console.table(figures);
  if (cachedEncodes !== 0) {
    console.error('A cached variant was encoded again: the variant cache is not working.');
    process.exitCode = 1;
  }
} finally {
  await fs.rm(root, { recursive: true, force: true });
}
