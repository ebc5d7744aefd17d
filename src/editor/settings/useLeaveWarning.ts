// Unsaved changes are not lost silently: closing or reloading the page asks the browser's own question, and a
// link of the app (the sidebar's) is held until the person chooses to stay or to leave without saving.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

export function useLeaveWarning(dirty: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || a.target === '_blank' || a.origin !== location.origin || e.defaultPrevented) return;
      if (a.pathname === location.pathname) return;
      e.preventDefault();
      e.stopPropagation();
      setPending(a.pathname + a.search + a.hash);
    };
    window.addEventListener('beforeunload', onUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
  return {
    pending,
    stay: () => setPending(null),
    leave: () => {
      const to = pending;
      setPending(null);
      if (to) navigate(to);
    },
  };
}
