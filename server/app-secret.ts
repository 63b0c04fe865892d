import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The marketplace's signing secret (one-click links in e-mails): APP_SECRET when set, otherwise one
 * generated once into DATA_DIR, so links stay valid across restarts of the same installation.
 */
export function loadAppSecret(options: { appSecret?: string; dataDir: string }): Buffer {
  if (options.appSecret) return Buffer.from(options.appSecret, 'utf8');
  const file = path.join(options.dataDir, 'app-secret.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
  } catch {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    } catch {
      // Another process created it first: use theirs.
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
    }
    return Buffer.from(secret, 'utf8');
  }
}
