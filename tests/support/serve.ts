import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';
import http from 'node:http';

export interface ServedForTest {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  base: string;
  /** Drops keep-alive connections and resolves once the server has stopped. */
  close(): Promise<void>;
}

/** Serves an Express app (or any request listener) on a free loopback port for one test file. */
export async function serveForTest(handler: RequestListener): Promise<ServedForTest> {
  const server = http.createServer(handler);
  // See identity/test-support.ts: no idle socket closed under a client that is about to reuse it.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
