// True once the page's first view no longer needs the link to itself: it is complete (firstViewDoneAtom, or the
// visitor used the page), or the page started without one to show (no first-view block: a home or upload page), or
// CAP_MS have passed (a tile that never comes must not hold the page's later reads back for good). What the page
// needs only later (the change stream, lists for notices) waits for it, so none of it competes with the first tiles.
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { pageStartup } from '../scene/early';
import { firstViewDoneAtom } from './firstView';

const CAP_MS = 10_000;

export function useFirstViewSettled(): boolean {
  const done = useAtomValue(firstViewDoneAtom);
  // Decided once, when the page's app mounts: after that, only a complete first view (or the cap) settles it.
  // The server draws a page's shell only when it has a first view (src/ssr/renderShell.tsx): not settled there, as
  // in the browser's first render, or the later tools it draws would differ from the app's.
  const [nothingToWaitFor] = useState(
    () => typeof window !== 'undefined' && pageStartup.snapshot().phase === 'nothing',
  );
  const [capped, setCapped] = useState(false);
  const settled = done || nothingToWaitFor || capped;
  useEffect(() => {
    if (settled) return;
    const t = window.setTimeout(() => setCapped(true), CAP_MS);
    return () => window.clearTimeout(t);
  }, [settled]);
  return settled;
}
