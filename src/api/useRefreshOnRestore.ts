// Back or Forward may show the page as it was left (the browser's back/forward cache): the server's answers on it
// may have changed since (an edit, a sign-out in another tab), so every answer in use is asked for again.
import { type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export function useRefreshOnRestore(client: QueryClient): void {
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void client.invalidateQueries();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [client]);
}
