// `npm run bench:images [-- --photos 12 --seconds 10 --connections 10 --on-demand-only]`
//
// Measures the resizing loader (/img/<key>?w=&q=) with 12-megapixel photo-like images:
// 1. the upload pipeline (sniff, orientation, EXIF strip, re-encode) per photo;
// 2. cold variants on request, rendered from the full original (no upload job has run: photos
//    from before upload-time variants, or a cleared cache), one at a time (WebP 320 and 960 px,
//    the target's figure) and in parallel (AVIF 160–1280 px);
// 3. the upload-time job (every width, AVIF and WebP, from one decode) on a second set of photos,
//    then what a visitor sees after it: each of those variants must be a cache hit (no encode);
// 4. cold variants on request once the job has made the 1,920 px working copy (quality 65, which
//    the job does not make);
// 5. cached variants under load (in a child process, scripts/bench/load-child.ts): a cached variant must
//    never be re-encoded. The server's listener is composed as server/main.ts composes it: hits
//    in memory answered in front of Express (`answeringCachedImagesFirst`), the rest by the
//    image router. The load is Node's own client, dropping the bodies (`discardBodies`):
//    autocannon UTF-8-decodes every image into a string, which capped this phase at about 1,500
//    requests/s whatever the server.
// CPU time is process.cpuUsage() around each phase (sharp's threads are in this process; so is
// the HTTP client, a small share) divided by the variants encoded: on a shared, loaded machine it
// is steadier than variants/s. `--on-demand-only` skips 3 and 4 (to run against older code).
// Floors, measured in the same run (scripts/bench/ratio-table.ts): a cold variant (2) ÷ sharp
// alone resizing the same originals at the same settings, one at a time, ≤ 1.2; cached requests/s
// (5) ÷ a static file server (`express.static`) serving the same bytes under the same load,
// ≥ 0.8. Absolute figures are printed for reference. Exits non-zero when a ratio misses or a
// cached variant was encoded again.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import express from 'express';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../domain/images.ts';
import { createLocalBlobStore } from '../server/media/blob-store.ts';
import { securityHeaders } from '../server/http/create-app.ts';
import {
  answeringCachedImagesFirst,
  createCachedImageHandler,
  createImageRouter,
} from '../server/media/image-route.ts';
import { generatePhotoVariants, UPLOAD_VARIANTS } from '../server/media/photo-variants-job.ts';
import { processImage } from '../server/media/process-image.ts';
import { createVariantCache } from '../server/media/variant-cache.ts';
import { makePhotoLike } from './bench/photo-like.ts';
import { loadFromChild } from './bench/load-from-child.ts';
import { reportRatios } from './bench/ratio-table.ts';

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '12' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'on-demand-only': { type: 'boolean', default: false },
  },
});
const photoCount = Number(values.photos);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const onDemandOnly = values['on-demand-only'];

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** Runs `work`, returning wall seconds, CPU ms and the encodes it caused. */
async function measure(work: () => Promise<void>) {
  const encodesBefore = encodes;
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  return {
    seconds: (performance.now() - start) / 1000,
    cpuMs: cpuMs(cpu),
    encodes: encodes - encodesBefore,
  };
}

const perSecond = (count: number, seconds: number) => Number((count / seconds).toFixed(1));
const msEach = (ms: number, count: number) => Math.round(ms / Math.max(count, 1));

let encodes = 0;
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'roost-bench-images-'));
try {
  const blobs = createLocalBlobStore(path.join(root, 'originals'));
  const cacheDir = path.join(root, 'variants');
  const routeVariants = createVariantCache(cacheDir);
  const app = express();
  app.use(createImageRouter({ blobs, variants: routeVariants, onRender: () => (encodes += 1) }));
  const server = http
    .createServer(
      answeringCachedImagesFirst(
        createCachedImageHandler(routeVariants, { securityHeaders: securityHeaders() }),
        app,
      ),
    )
    .listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const setCount = onDemandOnly ? 1 : 2;
  console.log(`Preparing ${photoCount * setCount} 12-megapixel photos…`);
  const uploads = await Promise.all(
    Array.from({ length: photoCount * setCount }, (_, index) => makePhotoLike(index)),
  );
  const keys: string[] = [];
  const originals: Buffer[] = [];
  const upload = await measure(async () => {
    for (const bytes of uploads) {
      const { data } = await processImage(bytes);
      originals.push(data);
      keys.push(await blobs.put(data));
    }
  });
  const coldKeys = keys.slice(0, photoCount);
  const jobKeys = keys.slice(photoCount);

  let bytesServed = 0;
  const fetchVariant = async (key: string, width: number, quality: number, accept: string) => {
    const response = await fetch(`${base}/img/${key}?w=${width}&q=${quality}`, {
      headers: { accept },
    });
    bytesServed += (await response.arrayBuffer()).byteLength;
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  };
  const inParallel = async (jobs: (() => Promise<void>)[]) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < jobs.length) await jobs[next++]!();
      }),
    );
  };
  const coldWidths = [320, 960] as const;
  const parallelWidths = IMAGE_WIDTHS.filter((width) => width <= 1280);

  // 2. Cold, from the original.
  // Each cold variant, then its floor: sharp alone on the same original, width and encoder
  // settings as a request's render (server/media/render-variants.ts), no HTTP and no cache —
  // alternated, so that the machine's other work weighs on both alike.
  const sequential = { seconds: 0, cpuMs: 0, encodes: 0 };
  const sharpAlone = { seconds: 0, cpuMs: 0 };
  // Both paths once, unmeasured, at settings measured nowhere below: the first request pays for
  // the connection, the route's and the client's first use, and sharp's start (it took the first
  // of eight measured variants from about 45 to 105 ms).
  await fetchVariant(coldKeys[0]!, 640, 70, 'image/webp');
  await sharp(originals[0])
    .rotate()
    .resize({ width: 640, withoutEnlargement: true })
    .webp({ quality: 70, effort: 2 })
    .toBuffer();
  bytesServed = 0;
  for (const [index, key] of coldKeys.entries()) {
    for (const width of coldWidths) {
      const served = await measure(() => fetchVariant(key, width, 75, 'image/webp'));
      const alone = await measure(async () => {
        await sharp(originals[index])
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 75, effort: 2 })
          .toBuffer();
      });
      sequential.seconds += served.seconds;
      sequential.cpuMs += served.cpuMs;
      sequential.encodes += served.encodes;
      sharpAlone.seconds += alone.seconds;
      sharpAlone.cpuMs += alone.cpuMs;
    }
  }
  const sequentialBytes = bytesServed;
  const sharpVariants = photoCount * coldWidths.length;
  const parallel = await measure(() =>
    inParallel(
      coldKeys.flatMap((key) =>
        parallelWidths.map((width) => () => fetchVariant(key, width, 75, 'image/avif,image/webp')),
      ),
    ),
  );

  // 3 and 4. The upload job, then a visitor; then cold variants from the working copy.
  let job: Awaited<ReturnType<typeof measure>> | undefined;
  let afterJob: Awaited<ReturnType<typeof measure>> | undefined;
  let fromCopy: Awaited<ReturnType<typeof measure>> | undefined;
  let jobBytes = 0;
  if (!onDemandOnly) {
    const variants = createVariantCache(cacheDir);
    let rendered = 0;
    job = await measure(async () => {
      for (const key of jobKeys) rendered += await generatePhotoVariants(blobs, variants, key);
    });
    job.encodes = rendered;
    bytesServed = 0;
    afterJob = await measure(() =>
      inParallel(
        jobKeys.flatMap((key) =>
          UPLOAD_VARIANTS.map(
            (spec) => () =>
              fetchVariant(key, spec.width, spec.quality, `image/${spec.format},image/webp`),
          ),
        ),
      ),
    );
    jobBytes = bytesServed;
    fromCopy = await measure(async () => {
      for (const key of jobKeys) {
        for (const width of coldWidths) await fetchVariant(key, width, 65, 'image/webp');
      }
    });
  }

  // 5. Cached: the cold variants again, under load.
  const cachedPaths = coldKeys.map(
    (key, index) => `/img/${key}?w=${coldWidths[index % coldWidths.length]}&q=75`,
  );
  const encodesBefore = encodes;
  const cachedCpu = process.cpuUsage();
  // The load from a child process: this process's CPU time is then the server's alone.
  const cached = await loadFromChild({
    url: base,
    connections,
    seconds,
    paths: cachedPaths,
    headers: { accept: 'image/webp' },
    discardBodies: true,
  });
  const cachedEncodes = encodes - encodesBefore;
  const cachedCpuMs = cpuMs(cachedCpu);
  const staticServed = await staticFloor(base, cachedPaths, path.join(root, 'static'));
  server.close();

  const coldPerSecond = perSecond(sequential.encodes, sequential.seconds);
  const cachedPerSecond = cached.perSecond;
  const figures: Record<string, number | string> = {
    cpus: os.cpus().length,
    loadAverage1m: Number(os.loadavg()[0]!.toFixed(1)),
    uploadPipelineMsPerPhoto: msEach(upload.seconds * 1000, uploads.length),
    uploadPipelineCpuMsPerPhoto: msEach(upload.cpuMs, uploads.length),
    coldWebpFromOriginalCpuMsPerVariant: msEach(sequential.cpuMs, sequential.encodes),
    coldWebpFromOriginalKbPerVariant: Math.round(sequentialBytes / 1024 / sequential.encodes),
    coldAvifParallelVariantsPerSecond: perSecond(parallel.encodes, parallel.seconds),
    coldAvifParallelCpuMsPerVariant: msEach(parallel.cpuMs, parallel.encodes),
  };
  if (job && afterJob && fromCopy) {
    Object.assign(figures, {
      uploadJobMsPerPhoto: msEach(job.seconds * 1000, jobKeys.length),
      uploadJobCpuMsPerPhoto: msEach(job.cpuMs, jobKeys.length),
      uploadJobCpuMsPerVariant: msEach(job.cpuMs, job.encodes),
      uploadJobVariantsPerPhoto: job.encodes / jobKeys.length,
      uploadJobKbPerPhoto: Math.round(jobBytes / 1024 / jobKeys.length),
      afterUploadJobRequestsPerSecond: perSecond(
        jobKeys.length * UPLOAD_VARIANTS.length,
        afterJob.seconds,
      ),
      afterUploadJobEncodes: afterJob.encodes,
      coldWebpFromWorkingCopyVariantsPerSecond: perSecond(fromCopy.encodes, fromCopy.seconds),
      coldWebpFromWorkingCopyCpuMsPerVariant: msEach(fromCopy.cpuMs, fromCopy.encodes),
    });
  }
  Object.assign(figures, {
    // The server's CPU alone (the load generator runs in a child process).
    cachedCpuMicrosecondsPerRequest: Math.round((cachedCpuMs * 1000) / cached.pages),
    cachedLatencyP50Ms: cached.p50,
    cachedLatencyP99Ms: cached.p99,
    cachedErrors: cached.errors + cached.non2xx,
    encodesDuringCachedRun: cachedEncodes,
    coldWebpFromOriginalVariantsPerSecond: coldPerSecond,
    cachedRequestsPerSecond: cachedPerSecond,
  });
  console.table(figures);

  const failures: string[] = [];
  if (cachedEncodes !== 0) failures.push('a cached variant was encoded again');
  if (afterJob && afterJob.encodes !== 0)
    failures.push('a variant made at upload was encoded again');
  if (cached.errors + cached.non2xx + staticServed.errors + staticServed.non2xx > 0)
    failures.push('requests failed under load');
  if (failures.length > 0) {
    console.log(`Failed: ${failures.join('; ')}.`);
    process.exitCode = 1;
  }
  const coldMs = (sequential.seconds * 1000) / Math.max(sequential.encodes, 1);
  reportRatios([
    {
      bench: 'bench:images',
      measure: 'cold WebP variant, one at a time',
      figure: { value: coldMs, unit: 'ms' },
      floor: {
        name: 'sharp alone, same image and settings',
        value: (sharpAlone.seconds * 1000) / sharpVariants,
        unit: 'ms',
      },
      target: { atMost: 1.2 },
    },
    {
      bench: 'bench:images',
      measure: 'cold WebP variant CPU (reference)',
      figure: { value: sequential.cpuMs / Math.max(sequential.encodes, 1), unit: 'ms' },
      floor: { name: 'sharp alone', value: sharpAlone.cpuMs / sharpVariants, unit: 'ms' },
    },
    {
      bench: 'bench:images',
      measure: 'cached variant requests/s',
      figure: { value: cachedPerSecond, unit: '/s' },
      floor: { name: 'express.static, same bytes', value: staticServed.perSecond, unit: '/s' },
      target: { atLeast: 0.8 },
    },
  ]);
} finally {
  await fs.rm(root, { recursive: true, force: true });
}

/**
 * The cached run's floor: the same variant bytes written to files and served by `express.static`
 * on a bare HTTP server, under the same load (paths, connections, seconds, headers).
 */
async function staticFloor(base: string, paths: string[], dir: string) {
  await fs.mkdir(dir, { recursive: true });
  const staticPaths: string[] = [];
  for (const [index, variantPath] of paths.entries()) {
    const response = await fetch(`${base}${variantPath}`, { headers: { accept: 'image/webp' } });
    await fs.writeFile(path.join(dir, `${index}.webp`), Buffer.from(await response.arrayBuffer()));
    staticPaths.push(`/${index}.webp`);
  }
  const app = express();
  app.use(express.static(dir));
  const server = http.createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await loadFromChild({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      connections,
      seconds,
      paths: staticPaths,
      headers: { accept: 'image/webp' },
      discardBodies: true,
    });
  } finally {
    server.close();
  }
}
