// `npm test`: the build if needed, then Vitest, then Playwright. With a PostgreSQL server
// (TEST_DATABASE_URL), Vitest's PostgreSQL project runs beside Playwright at the lowest CPU
// priority instead of before it: Playwright leaves part of the two cores idle while the browser
// and the servers wait on each other, and the PostgreSQL tests fit in that time (docs/testing.md).
// Their output is kept until Playwright has finished, so the two never interleave.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const bin = (name: string) => path.join('node_modules', '.bin', name);

function run(command: string, args: string[], options: { log?: string } = {}): Promise<number> {
  return new Promise((resolve) => {
    const output = options.log ? fs.openSync(options.log, 'w') : 'inherit';
    const child = spawn(command, args, { stdio: ['inherit', output, output] });
    child.on('exit', (code, signal) =>
      resolve(code ?? (signal ? 128 + os.constants.signals[signal] : 1)),
    );
    child.on('error', () => resolve(1));
  });
}

/** Below everything else for the CPU, so Playwright's browser and servers keep their share. */
function atLowestPriority(command: string, args: string[]): [string, string[]] {
  return process.platform === 'win32' ? [command, args] : ['nice', ['-n', '19', command, ...args]];
}

async function main(): Promise<number> {
  const built = await run(bin('tsx'), ['scripts/ensure-build.ts']);
  if (built !== 0) return built;

  const firstProjects = ['--project', 'unit', '--project', 'pglite'];
  const vitest = await run(bin('vitest'), ['run', ...(withPostgres ? firstProjects : [])]);
  if (vitest !== 0) return vitest;
  if (!withPostgres) return run(bin('playwright'), ['test']);

  fs.mkdirSync('test-results', { recursive: true });
  const log = path.join('test-results', 'vitest-postgres.log');
  process.stdout.write(
    `Vitest's PostgreSQL project runs beside Playwright at low priority; its output follows Playwright's (${log}).\n`,
  );
  const [postgres, playwright] = await Promise.all([
    run(...atLowestPriority(bin('vitest'), ['run', '--project', 'postgres']), { log }),
    run(bin('playwright'), ['test']),
  ]);
  process.stdout.write(`\nVitest, PostgreSQL project (status ${postgres}):\n`);
  process.stdout.write(fs.readFileSync(log, 'utf8'));
  return playwright !== 0 ? playwright : postgres;
}

process.exitCode = await main();
