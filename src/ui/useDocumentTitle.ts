// The browser tab names what is on screen.
import { useEffect } from 'react';

export const APP_NAME = 'Site survey viewer';

export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  const title = [...parts.filter(Boolean), APP_NAME].join(' – ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
