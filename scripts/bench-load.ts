// `npm run bench:load -- [--seconds 600] [--rate 100] [--warm-up 30] [--database-url postgres://…]`
//
// Issue 15: mixed traffic (search pages, property pages, API reads, sign-ins through /idp,
// favourites, enquiries, image variants; see scripts/bench/load-traffic.ts) at a fixed rate
// against the built server started as `npm start` starts it (production build, demo data), on
// PGlite, or on a new database of the PostgreSQL server `--database-url` names (dropped after).
// Prints errors, p50/p95/p99 latency and the server's RSS after warm-up, in the middle and at the
// end, then the verdict LAST; exits non-zero unless: 0 errors, p99 < 500 ms, RSS flat (the end
// RSS within +25 % of the RSS after warm-up).
import { parseArgs } from 'node:util';
import { startBuiltRoost } from '../tests/support/roost-process.ts';
import { ensureBuild } from './ensure-build.ts';
import { percentile, prepareLoadWorld, rssMiB, runLoad } from './bench/load-traffic.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '600' },
    rate: { type: 'string', default: '100' },
    /** Seconds of the same traffic before the measured run (JIT, caches, pools). */
    'warm-up': { type: 'string', default: '30' },
    'database-url': { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const warmUp = Number(values['warm-up']);
const TARGETS = { p99Ms: 500, rssGrowth: 0.25 };

if (values['database-url']) {
  // startBuiltRoost makes (and drops) its own database on the server the test settings name.
  process.env.TEST_DATABASE_URL = values['database-url'];
  process.env.ROOST_TEST_DB = 'postgres';
}
ensureBuild();
const engine = values['database-url'] ? 'PostgreSQL' : 'PGlite';
const { roost, dataDir, stop } = await startBuiltRoost('load', {
  // Each request says which visitor sent it (X-Forwarded-For from loopback), so the per-address
  // abuse limits see many visitors, as in production, rather than one address at 100 req/s.
  TRUST_PROXY: 'loopback',
});
const pid = roost.child.pid!;
let exitCode: number;
try {
  const world = await prepareLoadWorld(roost.url, dataDir);
  process.stderr.write(
    `${engine}: ${world.propertyPaths.length} property pages, ${world.imageKeys.length} images, ` +
      `${world.users.length} members. Warm-up ${warmUp} s at ${rate} req/s…\n`,
  );
  const rssStart = await rssMiB(pid);
  if (warmUp > 0) await runLoad(world, { rate, seconds: warmUp });
  const rssWarm = await rssMiB(pid);
  let rssMiddle = rssWarm;
  const samples: number[] = [];
  process.stderr.write(`Measuring ${seconds} s at ${rate} req/s…\n`);
  const stats = await runLoad(world, {
    rate,
    seconds,
    onSecond: (elapsed) => {
      void rssMiB(pid).then((rss) => {
        samples.push(rss);
        if (elapsed === Math.floor(seconds / 2)) rssMiddle = rss;
        if (elapsed % 60 === 0) {
          process.stderr.write(`  ${elapsed} s: RSS ${rss.toFixed(0)} MiB\n`);
        }
      });
    },
  });
  const rssEnd = await rssMiB(pid);
  const p50 = percentile(stats.latencies, 50);
  const p95 = percentile(stats.latencies, 95);
  const p99 = percentile(stats.latencies, 99);
  const growth = (rssEnd - rssWarm) / rssWarm;
  const errorsByWhat = new Map<string, number>();
  for (const error of stats.errors) {
    const key = `${error.kind}: ${error.what.replace(/\d+/g, 'N')}`;
    errorsByWhat.set(key, (errorsByWhat.get(key) ?? 0) + 1);
  }
  for (const [what, count] of errorsByWhat) console.log(`  error ×${count}  ${what}`);
  console.log(
    `\nLoad (${engine}, ${rate} req/s for ${seconds} s after ${warmUp} s warm-up):\n` +
      `  requests ${stats.requests} (${[...stats.byKind].map(([k, n]) => `${k} ${n}`).join(', ')})\n` +
      `  statuses ${[...stats.byStatus].map(([s, n]) => `${s}×${n}`).join(', ')}\n` +
      `  errors ${stats.errors.length}\n` +
      `  latency p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms\n` +
      [...stats.latenciesByKind]
        .map(
          ([kind, list]) =>
            `    ${kind}: p50 ${percentile(list, 50).toFixed(0)} ms, p99 ${percentile(list, 99).toFixed(0)} ms\n`,
        )
        .join('') +
      `  RSS start ${rssStart.toFixed(0)} MiB, after warm-up ${rssWarm.toFixed(0)} MiB, ` +
      `middle ${rssMiddle.toFixed(0)} MiB, end ${rssEnd.toFixed(0)} MiB ` +
      `(${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} % since warm-up; ` +
      `max ${Math.max(rssWarm, ...samples).toFixed(0)} MiB)`,
  );
  const failures = [
    stats.errors.length > 0 && `${stats.errors.length} errors`,
    p99 >= TARGETS.p99Ms && `p99 ${p99.toFixed(0)} ms ≥ ${TARGETS.p99Ms} ms`,
    growth > TARGETS.rssGrowth &&
      `RSS grew ${(growth * 100).toFixed(1)} % > ${TARGETS.rssGrowth * 100} %`,
  ].filter(Boolean);
  console.log(
    failures.length === 0
      ? `PASS: 0 errors, p99 ${p99.toFixed(0)} ms < ${TARGETS.p99Ms} ms, RSS flat (${(growth * 100).toFixed(1)} %)`
      : `FAIL: ${failures.join('; ')}`,
  );
  exitCode = failures.length === 0 ? 0 : 1;
} finally {
  await stop();
}
process.exit(exitCode);
