import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * Server state for the signed-in screens. Imported only from route components (which are code-split), so the
 * query library is not part of the sign-in page's first load.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
});

/** Query keys shared by several screens. */
export const queryKeys = {
  /** GET /providers: every provider for an admin, a provider user's own. */
  providers: ['providers'] as const,
};

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
