// `npm start`: check the configuration first (a bad value fails at once), build the web app if
// its sources changed, then migrate, seed and serve.
import { loadConfig } from '../server/config.ts';
import { ensureBuild } from './ensure-build.ts';

// React picks its production build from NODE_ENV when first imported, so set it before that.
process.env.NODE_ENV ??= 'production';
const config = loadConfig();
ensureBuild();
const { main } = await import('../server/main.ts');
await main(config);
