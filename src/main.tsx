import { ChakraProvider } from '@chakra-ui/react';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppContext } from './app/context';
import { parseClientEnv } from './config/env';
import { routeTree } from '../generated/routeTree.gen';
import { system } from './ui/kit/system';
import { ToasterHost } from './ui/kit/notify';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = createRoot(rootElement);

const env = parseClientEnv(import.meta.env);

function createAppRouter() {
  if (!env.ok) throw new Error('unreachable');
  const context = createAppContext(env.env);
  return createRouter({ routeTree, context, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

if (!env.ok) {
  console.error(`Upkeep Console is not configured:\n${env.problems.join('\n')}`);
  // A build without its configuration is rare: its page loads only then, not with the sign-in page.
  void import('./ui/kit/ConfigProblem').then(({ ConfigProblem }) =>
    root.render(
      <ChakraProvider value={system}>
        <ConfigProblem problems={env.problems} />
      </ChakraProvider>,
    ),
  );
} else {
  const start = () => {
    const router = createAppRouter();
    root.render(
      <StrictMode>
        <ChakraProvider value={system}>
          <RouterProvider router={router} />
          <ToasterHost />
        </ChakraProvider>
      </StrictMode>,
    );
  };
  // Development builds: the live statechart viewer listens before the first flow starts (Alt+Shift+S or
  // ?statecharts). The condition is constant, so a production build holds neither the import nor the wait.
  if (import.meta.env.DEV) void import('./app/devtools/boot').then(start, start);
  else start();
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Set when a provider lands on their overview right after signing in (01 §2). */
    fromProvider?: boolean;
  }
}
