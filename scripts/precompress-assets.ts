// `tsx scripts/precompress-assets.ts`: writes a Brotli (quality 11) and a gzip (level 9) copy
// beside each compressible file of the built client's assets, once per build. The server sends
// those as they are (`server/web/web-handler.ts`) instead of compressing every asset request
// again at the quick level it can afford per request (Brotli 3), which cost CPU on each request
// and sent about a tenth more bytes (docs/performance.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map|webmanifest)$/;
/** Smaller files are sent as they are, as the server's own compression leaves them. */
const MIN_BYTES = 1024;

export function precompressAssets(assetsDir: string): {
  files: number;
  before: number;
  after: number;
} {
  let files = 0;
  let before = 0;
  let after = 0;
  for (const name of fs.readdirSync(assetsDir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = path.join(assetsDir, name);
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gzip = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
    fs.writeFileSync(`${file}.br`, brotli);
    fs.writeFileSync(`${file}.gz`, gzip);
    files += 1;
    before += body.length;
    after += brotli.length;
  }
  return { files, before, after };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { files, before, after } = precompressAssets(path.join(root, 'build', 'client', 'assets'));
  process.stderr.write(
    `Precompressed ${files} assets: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (Brotli 11)\n`,
  );
}
