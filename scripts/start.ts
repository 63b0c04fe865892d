// `npm start`: check the configuration first (a bad value fails at once), build the web app if
// its sources changed, then migrate, seed and serve.
import { loadConfig } from '../server/config.ts';
import { ensureBuild } from './ensure-build.ts';

// React picks its production build from NODE_ENV when first imported, so set it before that.
process.env.NODE_ENV ??= 'production';
// `npm start` on a fresh clone works offline: without Stripe keys, paid upgrades use the built-in
// test provider (its checkout says no money moves). A deployment that runs server/main.ts itself
// with NODE_ENV=production gets no test payments unless it sets PAYMENTS_TEST_MODE=true.
if (!process.env.STRIPE_SECRET_KEY) process.env.PAYMENTS_TEST_MODE ??= 'true';
const config = loadConfig();
await ensureBuild();
const { main } = await import('../server/main.ts');
await main(config);
