/**
 * Zod probes for `new Function` before compiling parsers; the Content-Security-Policy refuses
 * eval (and reports the probe as a violation), so in the browser zod is told not to try. The
 * server keeps the faster compiled parsers.
 *
 * Zod keeps its configuration in `globalThis.__zod_globalConfig`, shared by every copy of zod
 * and read when a parser is first used; setting it there, rather than with `z.config`, spares
 * every page loading zod's core up front (4 KB gzip) just to make this call. The test beside
 * this file checks that zod still reads it.
 */
export function makeZodJitless() {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (holder.__zod_globalConfig ??= {}).jitless = true;
}
