/**
 * Browser tests against the DEVELOPMENT server: `vite --mode test` with the browser tests' API and auth,
 * started once per worker by the `devServer` fixture on its own port (E2E.devWebPort). In development React's
 * StrictMode mounts every screen twice, so the first requests of a flow are aborted as it remounts; the
 * production build the other specs use never does that. Each test's `baseURL` is the development server.
 */
import { bin, httpOk, spawnProcess, waitFor } from '../../scripts/lib/processes';
import { test as base } from './fixtures';
import { E2E, E2E_BUILD_ENV } from './stack';

export const devTest = base.extend<object, { devServer: string }>({
  devServer: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use) => {
      const web = spawnProcess({
        name: 'dev web',
        command: bin('vite'),
        args: ['--mode', 'test', '--config', 'tests/e2e/dev-server.vite.config.ts', '--strictPort'],
        env: E2E_BUILD_ENV,
      });
      try {
        await waitFor('development server', () => httpOk(`${E2E.devWebUrl}/login`), {
          child: web.child,
          timeoutMs: 60_000,
        });
        await use(E2E.devWebUrl);
      } finally {
        await web.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ devServer }, use) => use(devServer),
});
