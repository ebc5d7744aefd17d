// Providers: server state (TanStack Query), client state (jotai), and the router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
import { AppRoutes } from './routes/router';

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 } },
      }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <AppRoutes />
      </JotaiProvider>
    </QueryClientProvider>
  );
}
