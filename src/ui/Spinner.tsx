// The loading spinner: a status element named by its label (the CSS draws the turning ring).
import { useEffect, useState } from 'react';

/** A wait shorter than this needs no sign (the one-second limit of an uninterrupted flow). The ring shows only
 *  after it: a turning ring makes the compositor draw a frame every vsync, and on a software rasteriser that
 *  took the CPU the first view itself was waiting for. */
export const SPINNER_DELAY_MS = 1000;

export function Spinner({ label = 'Loading', delayMs = SPINNER_DELAY_MS }: { label?: string; delayMs?: number }) {
  const [shown, setShown] = useState(delayMs <= 0);
  useEffect(() => {
    if (shown) return;
    const t = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(t);
  }, [shown, delayMs]);
  // Announced at once (its role and name); only the ring waits.
  return <span className={shown ? 'spinner' : 'spinner waiting'} role="status" aria-label={label} />;
}
