/**
 * The browser tests' development server (tests/e2e/dev-server.ts): the console's own Vite config, with its
 * pre-bundled dependencies kept apart (Vite's default folder is in node_modules, which several checkouts may
 * share) and the screens the tests open transformed as soon as it starts, not one import at a time as the
 * browser asks for them.
 */
import { mergeConfig } from 'vite';
import consoleConfig from '../../vite.config.ts';
import { E2E } from './stack.ts';

export default mergeConfig(consoleConfig, {
  cacheDir: E2E.devCacheDir,
  server: {
    port: E2E.devWebPort,
    warmup: {
      clientFiles: [
        './src/main.tsx',
        './src/routes/login.tsx',
        './src/routes/_console.tsx',
        './src/screens/providers/ProviderOverviewScreen.tsx',
        './src/screens/dashboard/DashboardScreen.tsx',
        './src/screens/appointments/*.tsx',
      ],
    },
  },
});
