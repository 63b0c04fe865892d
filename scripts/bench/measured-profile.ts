// A CPU profile of the measured window alone (`--cpu-prof DIR` of a bench), written as
// DIR/<name>.cpuprofile for Chrome DevTools or `node --cpu-prof`'s readers: set-up, warm-up and
// the floor stay out of it, unlike a profile of the whole process.
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

export async function profiled<T>(dir: string | undefined, name: string, work: () => Promise<T>) {
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}
