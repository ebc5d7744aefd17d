// A toolbar button whose code comes only after the first view (compare, the start-view button), drawn in its place
// from the first picture with the look it will have: the toolbar is right-aligned, so a button appearing late
// moved every button before it, and a dimmed stand-in brightening later changed the picture as much. A press on it
// waits for its code and goes to the live button; so does the focus (heldPresses.ts).
import { useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { handOverHeld, noteHeld } from './heldPresses';

export function HeldToolButton({ icon, label, unavailable }: { icon: ReactNode; label: string; unavailable: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  // Runs before React removes the button: whether it had the focus is still to be seen.
  useLayoutEffect(
    () => () => {
      if (ref.current && document.activeElement === ref.current) noteHeld(label, { focus: true });
    },
    [label],
  );
  return (
    <button
      ref={ref}
      type="button"
      className={`tool-button${unavailable ? '' : ' held-live'}`}
      aria-disabled="true"
      onClick={() => {
        if (!unavailable) noteHeld(label, { press: true });
      }}
    >
      {icon} <span className="tool-label">{label}</span>
    </button>
  );
}

/**
 * A ref for the toolbar: whenever its buttons change (a lazy button's code arrives in its own Suspense boundary,
 * without a render of the toolbar's owner), a held button's press or focus goes to the button that now has its name.
 */
export function useHeldHandover() {
  return useCallback((root: HTMLElement | null) => {
    if (!root) return;
    const handOver = () => {
      const active = document.activeElement;
      handOverHeld(
        [...root.querySelectorAll('button')].map((b) => ({
          name: (b.getAttribute('aria-label') ?? b.textContent ?? '').trim(),
          held: b.getAttribute('aria-disabled') === 'true',
          focus: () => b.focus(),
          click: () => b.click(),
        })),
        !active || active === document.body,
      );
    };
    const observer = new MutationObserver(handOver);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}
