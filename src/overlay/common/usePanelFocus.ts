// A panel that opens takes the focus, and gives it back to whoever had it (its opener) when it closes: a
// keyboard user lands in what they opened and is never dropped to the page body when it goes away.
import { useEffect, useRef } from 'react';
import { firstFocusable, focusTarget } from './focusables';

export function usePanelFocus<T extends HTMLElement>(
  open: boolean,
  /** The control to focus first; by default the panel's first focusable control (or the panel itself). */
  initial?: (panel: T) => HTMLElement | null,
) {
  const panel = useRef<T>(null);
  const pick = useRef(initial);
  pick.current = initial;
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement;
    const opener = before instanceof HTMLElement && before !== document.body ? before : null;
    const box = panel.current;
    if (box && !box.contains(document.activeElement)) {
      focusTarget(pick.current?.(box) ?? firstFocusable(box) ?? box).focus({ preventScroll: true });
    }
    return () => {
      // Only when the focus went away with the panel (or is still in it): a person who moved on keeps their place.
      const now = document.activeElement;
      const lost = !now || now === document.body || !now.isConnected || (box?.contains(now) ?? false);
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);
  return panel;
}
