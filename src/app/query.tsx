import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * Server state for the signed-in screens. Imported only from route components (which are code-split), so the
 * query library is not part of the sign-in page's first load.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
});

/** Query options (and so keys) per resource: `src/api/<feature>/<feature>.queries.ts`, beside its API module. */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
