import { QueryClient } from '@tanstack/react-query';

/** One client for the tab, with the product spec's data-fetching defaults (section 7). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60 * 1000, retry: 2, refetchOnWindowFocus: false },
    mutations: { retry: 1 },
  },
});
