// The load generator for `scripts/bench-pages.ts` and `bench-images.ts`, in a process of its own so that the server's
// CPU time (`process.cpuUsage()` in the parent) counts the server's work only, not autocannon's,
// and a `--cpu-prof` of the parent profiles the server alone.
import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
  cookie?: string;
  /** Further request headers (e.g. `accept: image/webp`). */
  headers?: Record<string, string>;
  /**
   * The responses are binary (images): read and drop their bodies. autocannon's client appends
   * every body to a string, UTF-8-decoding each image, and offers no option against it; with
   * 12–47 KB of WebP that was most of the load generator's CPU and capped the run below what the
   * server could serve. These runs use Node's own client instead (`discardingLoad`).
   */
  discardBodies?: boolean;
}

export interface LoadResult {
  perSecond: number;
  /** Responses completed over the whole run (2xx or not). */
  pages: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** `connections` keep-alive connections, each sending its next request when a response ends. */
async function discardingLoad(request: LoadRequest): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: request.connections });
  const latencies: number[] = [];
  let next = 0;
  let non2xx = 0;
  let errors = 0;
  const until = performance.now() + request.seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const path = request.paths[next++ % request.paths.length]!;
      http
        .get(new URL(path, request.url), { agent, headers: request.headers }, (response) => {
          if (response.statusCode! < 200 || response.statusCode! > 299) non2xx += 1;
          response.on('end', () => {
            latencies.push(performance.now() - started);
            resolve();
          });
          response.resume();
        })
        .on('error', () => {
          errors += 1;
          resolve();
        });
    });
  const connection = async () => {
    while (performance.now() < until) await one();
  };
  await Promise.all(Array.from({ length: request.connections }, connection));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.floor(share * (latencies.length - 1))] ?? 0;
  return {
    perSecond: Math.round(latencies.length / request.seconds),
    pages: latencies.length,
    p50: Math.round(at(0.5)),
    p99: Math.round(at(0.99)),
    non2xx,
    errors,
  };
}

process.once('message', async (request: LoadRequest) => {
  if (request.discardBodies) {
    const outcome = await discardingLoad(request);
    process.send!(outcome, () => process.exit(0));
    return;
  }
  let next = 0;
  const result = await autocannon({
    url: request.url,
    connections: request.connections,
    duration: request.seconds,
    headers: {
      'accept-encoding': 'gzip, br',
      ...(request.cookie ? { cookie: request.cookie } : {}),
      ...request.headers,
    },
    requests: [
      {
        setupRequest: (options) => ({
          ...options,
          path: request.paths[next++ % request.paths.length]!,
        }),
      },
    ],
  });
  const outcome: LoadResult = {
    perSecond: Math.round(result.requests.average),
    pages: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  process.send!(outcome, () => process.exit(0));
});
