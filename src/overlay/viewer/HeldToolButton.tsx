// A toolbar button whose code comes only after the first view (compare, the start-view button), drawn in its place
// from the first picture with the look it will have: the toolbar is right-aligned, so a button appearing late
// moved every button before it, and a dimmed stand-in brightening later changed the picture as much. Until its code
// is in, it does nothing (aria-disabled).
import type { ReactNode } from 'react';

export function HeldToolButton({ icon, label, unavailable }: { icon: ReactNode; label: string; unavailable: boolean }) {
  return (
    <button type="button" className={`tool-button${unavailable ? '' : ' held-live'}`} aria-disabled="true">
      {icon} <span className="tool-label">{label}</span>
    </button>
  );
}
