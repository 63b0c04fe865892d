import { fork } from 'node:child_process';
import type { LoadRequest, LoadResult } from './load-child.ts';

export type { LoadRequest, LoadResult };

/**
 * Runs autocannon in a child process (`load-child.ts`), so the bench's own CPU time counts the
 * server alone and a `--cpu-prof` of the bench profiles the server, not the load generator.
 */
export function loadFromChild(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load-child.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
    });
    child.once('message', (result: LoadResult) => resolve(result));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The load generator exited with ${code}`));
    });
    child.send(request);
  });
}
