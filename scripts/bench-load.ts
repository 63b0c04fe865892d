// `npm run bench:load -- [--minutes 10 | --seconds 600] [--rate 100] [--warm-up 30]
//   [--database-url postgres://…] [--cpu-prof DIR]`
//
// Mixed traffic (search pages, property pages, API reads, sign-ins through /idp,
// favourites, enquiries, image variants; see scripts/bench/load-traffic.ts) at a fixed rate
// against the built server started as `npm start` starts it (production build, demo data), on
// PGlite, or on a new database of the PostgreSQL server `--database-url` names (dropped after).
// Prints errors, p50/p95/p99 latency and the server's RSS (sampled every second), then the
// verdict LAST; exits non-zero unless: 0 errors, p99 < 500 ms, RSS flat (see `rssFlatness`).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBuiltRoost } from '../tests/support/roost-process.ts';
import { ensureBuild } from './ensure-build.ts';
import {
  cpuPerKind,
  percentile,
  prepareLoadWorld,
  rssMiB,
  runLoad,
  TRAFFIC_SHARES,
} from './bench/load-traffic.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string' },
    /** The same as --seconds, in minutes (`--minutes 10` is the issue's full run). */
    minutes: { type: 'string' },
    rate: { type: 'string', default: '100' },
    /** Seconds of the same traffic before the measured run (JIT, caches, pools). */
    'warm-up': { type: 'string', default: '30' },
    'database-url': { type: 'string' },
    /** A directory for a V8 CPU profile of the server (written when it stops). */
    'cpu-prof': { type: 'string' },
    /** Instead of the timed run: the server's CPU ms per request of each kind (N each). */
    'cpu-per-kind': { type: 'string' },
  },
});
const seconds = values.minutes ? Number(values.minutes) * 60 : Number(values.seconds ?? 600);
const rate = Number(values.rate);
const warmUp = Number(values['warm-up']);
const TARGETS = { p99Ms: 500, rssGrowth: 0.1 };

/**
 * RSS is flat when the mean of the last minute is at most 10 % above the mean of the second
 * minute (the first minute still grows caches and JIT code). Runs shorter than 3 minutes
 * compare the last quarter with the second quarter instead.
 */
function rssFlatness(samples: { elapsed: number; rss: number }[], seconds: number) {
  const window = seconds >= 180 ? 60 : seconds / 4;
  const mean = (from: number, to: number) => {
    const inside = samples.filter((sample) => sample.elapsed > from && sample.elapsed <= to);
    return inside.reduce((sum, sample) => sum + sample.rss, 0) / Math.max(1, inside.length);
  };
  const baseline = mean(window, 2 * window);
  const end = mean(seconds - window, seconds);
  return { window, baseline, end, growth: (end - baseline) / baseline };
}

if (values['database-url']) {
  // startBuiltRoost makes (and drops) its own database on the server the test settings name.
  process.env.TEST_DATABASE_URL = values['database-url'];
  process.env.ROOST_TEST_DB = 'postgres';
}
await ensureBuild();
const engine = values['database-url'] ? 'PostgreSQL' : 'PGlite';
const { roost, dataDir, stop } = await startBuiltRoost(
  'load',
  {
    // Each request says which visitor sent it (X-Forwarded-For from loopback), so the per-address
    // abuse limits see many visitors, as in production, rather than one address at 100 req/s.
    TRUST_PROXY: 'loopback',
  },
  values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['cpu-prof'])}`] : [],
);
const pid = roost.child.pid!;
let exitCode: number;
try {
  const world = await prepareLoadWorld(roost.url, dataDir);
  process.stderr.write(
    `${engine}: ${world.propertyPaths.length} property pages, ${world.imageKeys.length} images, ` +
      `${world.users.length} members. Warm-up ${warmUp} s at ${rate} req/s…\n`,
  );
  if (values['cpu-per-kind']) {
    const count = Number(values['cpu-per-kind']);
    await cpuPerKind(world, pid, count); // warm: JIT, caches
    const perKind = await cpuPerKind(world, pid, count);
    let mix = 0;
    for (const [kind, ms] of perKind) {
      mix += (ms * TRAFFIC_SHARES[kind]) / 100;
      console.log(`  ${kind}: ${ms.toFixed(1)} ms CPU per request`);
    }
    console.log(
      `Server CPU per request of the mix (${engine}): ${mix.toFixed(1)} ms, so ` +
        `${((mix * rate) / 1000).toFixed(2)} CPU seconds per second at ${rate} req/s`,
    );
    exitCode = 0;
  } else {
    const rssStart = await rssMiB(pid);
    if (warmUp > 0) await runLoad(world, { rate, seconds: warmUp });
    const rssWarm = await rssMiB(pid);
    let rssMiddle = rssWarm;
    const samples: { elapsed: number; rss: number }[] = [];
    process.stderr.write(`Measuring ${seconds} s at ${rate} req/s…\n`);
    const stats = await runLoad(world, {
      rate,
      seconds,
      onSecond: (elapsed) => {
        void rssMiB(pid).then((rss) => {
          samples.push({ elapsed, rss });
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
    const flatness = rssFlatness(samples, seconds);
    const { growth } = flatness;
    const errorsByWhat = new Map<string, number>();
    for (const error of stats.errors) {
      const key = `${error.kind}: ${error.what.replace(/\d+/g, 'N')}`;
      errorsByWhat.set(key, (errorsByWhat.get(key) ?? 0) + 1);
    }
    const worstErrors = [...errorsByWhat].sort((a, b) => b[1] - a[1]);
    for (const [what, count] of worstErrors.slice(0, 20)) console.log(`  error ×${count}  ${what}`);
    if (worstErrors.length > 20)
      console.log(`  … and ${worstErrors.length - 20} more kinds of error`);
    if (stats.errors.length > 0) {
      console.log(`  server's last output:\n${roost.output().slice(-3000)}`);
    }
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
        `(max ${Math.max(rssWarm, ...samples.map((sample) => sample.rss)).toFixed(0)} MiB)\n` +
        `  RSS mean ${flatness.baseline.toFixed(0)} MiB over ${flatness.window.toFixed(0)}–` +
        `${(2 * flatness.window).toFixed(0)} s, ${flatness.end.toFixed(0)} MiB over the last ` +
        `${flatness.window.toFixed(0)} s: ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} % ` +
        `(flat: at most +${TARGETS.rssGrowth * 100} %)`,
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
  }
} finally {
  await stop();
}
process.exit(exitCode);
