import { QueryClient } from '@tanstack/react-query';

/** A client with the app's data-fetching defaults: what retries, how often, how long data stays fresh. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60 * 1000, retry: 2, refetchOnWindowFocus: false },
      mutations: { retry: 1 },
    },
  });
}

/** The one client of the tab. */
export const queryClient = createQueryClient();
