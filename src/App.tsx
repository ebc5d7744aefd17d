// Providers: server state (TanStack Query), client state (jotai), and the router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useEffect, useState } from 'react';
import { AppRoutes } from './routes/router';
import { seedFromPage } from './api/bootstrap';
import { useRefreshOnRestore } from './api/useRefreshOnRestore';
import { listenForWrites } from './api/writeRefresh';
import { followServerChanges } from './api/serverChanges';
import { useFirstViewSettled } from './state/useFirstViewSettled';
import { useLoadedModule } from './overlay/common/useLoadedModule';

/** `client`: a query cache already seeded (the server's render of the page); `location`: the URL it renders. */
export function App({ client: seeded, location }: { client?: QueryClient; location?: string } = {}) {
  const [queryClient] = useState(() => {
    if (seeded) return seeded;
    const client = new QueryClient({
      defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1, staleTime: 30_000 } },
    });
    // The answers the server put into the page: the first view needs no API round trip.
    seedFromPage(client);
    return client;
  });
  useRefreshOnRestore(queryClient);
  // Another tab's write refreshes the answers it changed here too.
  useEffect(() => listenForWrites(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider>
        <ServerChanges client={queryClient} />
        <AppRoutes location={location} />
        <LaterNotices />
      </JotaiProvider>
    </QueryClientProvider>
  );
}

/** Other browsers' and instances' writes, told by the server, followed once the first view is settled: the stream
 *  holds one of the browser's six connections to our host for as long as the page is open. */
function ServerChanges({ client }: { client: QueryClient }) {
  const settled = useFirstViewSettled();
  useEffect(() => (settled ? followServerChanges(client) : undefined), [settled, client]);
  return null;
}

const loadNotices = () => import('./ui/notices/Notices');

/** The toasts and the confirm dialog, loaded once the first view is settled (nothing asks for them before the
 *  visitor acts; a toast shown earlier waits in its store). */
function LaterNotices() {
  const mod = useLoadedModule(loadNotices, useFirstViewSettled());
  return mod ? <mod.Notices /> : null;
}
