// Back or Forward may show the page as it was left (the browser's back/forward cache): refreshRestoredPage then.
import { type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshRestoredPage } from './restoredPage';

export function useRefreshOnRestore(client: QueryClient): void {
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void refreshRestoredPage(client, () => location.reload());
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [client]);
}
