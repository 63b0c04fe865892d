// Writes React Router's route types (.react-router/types) after `npm ci` / `npm install`, so a
// fresh clone's bare `npx tsc --noEmit` passes. A production install (no dev dependencies) has
// no `react-router` command and needs no types: it skips.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
try {
  require.resolve('@react-router/dev/package.json');
} catch {
  process.exit(0);
}
const result = spawnSync('react-router', ['typegen'], { stdio: 'inherit', shell: false });
if (result.error) throw result.error;
process.exit(result.status ?? 1);
