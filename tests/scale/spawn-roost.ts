import { spawn, type ChildProcess } from 'node:child_process';

/** One Roost process (`server/main.ts` on the production build) with exactly `env`'s settings. */
export interface RoostProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts `server/main.ts` and resolves once it says it is ready; if it exits first, or is not
 * ready within `readyMs` (it is then killed, so its ports are free again), rejects with its
 * output. Three instances seeding at once on a busy two-core machine took over 10 minutes, hence the long default.
 */
export async function spawnRoost(
  env: Record<string, string>,
  readyMs = 1_500_000,
): Promise<RoostProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      void exited.then(() => reject(new Error(`not ready in ${readyMs / 1000} s:\n${output}`)));
    }, readyMs);
    child.stderr!.on('data', () => {
      if (/Roost is ready at /.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before ready:\n${output}`));
    });
  });
  return { child, output: () => output, exited };
}
