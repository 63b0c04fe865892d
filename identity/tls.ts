import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'selfsigned';
import type { IdentityConfig } from './config.ts';

/**
 * The certificate for the HTTPS listener (Amplify always calls the hosted OAuth domain over
 * https). Configured files are used as they are; otherwise a self-signed certificate for the
 * configured host names is generated into DATA_DIR once and reused.
 */
export async function loadTlsCredentials(
  config: IdentityConfig,
): Promise<{ key: string; cert: string }> {
  const { certFile, keyFile, isGenerated } = config.tls;
  if (!isGenerated || (fs.existsSync(certFile) && fs.existsSync(keyFile))) {
    return { cert: fs.readFileSync(certFile, 'utf8'), key: fs.readFileSync(keyFile, 'utf8') };
  }
  const hosts = new Set([
    'localhost',
    new URL(config.publicUrl).hostname,
    config.oauth.domain.split(':')[0]!,
  ]);
  const isIp = (host: string) => /^[\d.]+$/.test(host) || host.includes(':');
  const pems = await generate([{ name: 'commonName', value: 'Roost development' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 825 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          ...[...hosts].filter((host) => !isIp(host)).map((value) => ({ type: 2 as const, value })),
          { type: 7 as const, ip: '127.0.0.1' },
          ...[...hosts]
            .filter((host) => isIp(host) && host !== '127.0.0.1')
            .map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
  fs.mkdirSync(path.dirname(certFile), { recursive: true, mode: 0o700 });
  fs.writeFileSync(keyFile, pems.private, { mode: 0o600 });
  fs.writeFileSync(certFile, pems.cert, { mode: 0o644 });
  return { cert: pems.cert, key: pems.private };
}
