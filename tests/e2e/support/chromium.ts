import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Finds a Chromium without downloading one: CHROME_PATH, then Debian's chromium-headless-shell
 * (the headless-only build Playwright itself runs by default: about a fifth less time for the
 * end-to-end suite than the full browser on two cores), then Debian's /usr/bin/chromium, then a
 * browser Playwright already installed, then (as root with apt) Debian's headless shell;
 * otherwise one clear line saying how to install it.
 */
export function resolveChromium(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (fs.existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH points at ${fromEnv}, which does not exist.`);
  }
  for (const debian of DEBIAN_BROWSERS) if (fs.existsSync(debian)) return debian;
  const playwrights = safe(() => chromium.executablePath());
  if (playwrights && fs.existsSync(playwrights)) return playwrights;
  if (isRoot() && fs.existsSync('/usr/bin/apt-get')) {
    process.stderr.write(
      'Installing Chromium from Debian (apt-get install chromium-headless-shell)…\n',
    );
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (fs.existsSync(DEBIAN_BROWSERS[0])) return DEBIAN_BROWSERS[0];
  }
  throw new Error(
    'No Chromium found: install it (Debian/Ubuntu: sudo apt-get install chromium-headless-shell) or set CHROME_PATH to a Chrome or Chromium binary.',
  );
}

const DEBIAN_BROWSERS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] as const;

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Flags for a headless browser in a container, run as root, on a machine with no network. */
export function chromiumArgs(): string[] {
  const quiet = [
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ];
  return isRoot() ? ['--no-sandbox', ...quiet] : quiet;
}

function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
