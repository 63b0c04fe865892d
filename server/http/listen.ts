import http from 'node:http';
import https from 'node:https';
import { loadTlsCredentials, type IdentityService } from '../../identity/public.ts';
import type { Config } from '../config.ts';

/** Where the site is reached: told the port once listening (tests ask for any free one). */
interface ListeningAddress {
  url(): string;
  listening(configuredPort: number, port: number): void;
}

function listenOn(server: http.Server | https.Server, port: number, host: string) {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * Listens on PORT and, for the embedded pool, on HTTPS_PORT too: Amplify calls the hosted OAuth
 * domain only over https. Once listening, the site's address and the pool's know the ports.
 */
export async function listen(
  config: Config,
  identity: IdentityService,
  listener: http.RequestListener,
  address: ListeningAddress,
) {
  const server = http.createServer(listener);
  const port = await listenOn(server, config.port, config.host);
  address.listening(config.port, port);
  let httpsServer: https.Server | undefined;
  if (config.identity.provider === 'embedded') {
    const tlsServer = https.createServer(await loadTlsCredentials(config.identity), listener);
    const { httpsPort: configuredHttpsPort, isHttpsPortSet } = config.identity;
    const wantedPort = isHttpsPortSet || config.port !== 0 ? configuredHttpsPort : 0;
    let httpsPort: number;
    try {
      httpsPort = await listenOn(tlsServer, wantedPort, config.host);
    } catch (error) {
      server.close();
      throw error;
    }
    httpsServer = tlsServer;
    if (port !== config.port || httpsPort !== configuredHttpsPort) {
      identity.setListening({ publicUrl: address.url(), httpsPort });
    }
  }
  return {
    http: server,
    /** Stops accepting, lets in-flight requests finish, and cuts the rest after `timeoutMs`. */
    close: async (timeoutMs: number) => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const closedHttps = new Promise<void>((resolve) =>
        httpsServer ? httpsServer.close(() => resolve()) : resolve(),
      );
      server.closeIdleConnections();
      httpsServer?.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
      await closed;
      httpsServer?.closeAllConnections();
      await closedHttps;
      clearTimeout(force);
    },
  };
}
