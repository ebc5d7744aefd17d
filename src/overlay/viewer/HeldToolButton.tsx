// A toolbar button whose code comes only after the first view (compare, the start-view button), drawn disabled in
// its place from the first picture: the toolbar is right-aligned, so a button appearing late moved every button
// before it, and the first picture an administrator saw was not the settled one.
import type { ReactNode } from 'react';

export function HeldToolButton({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <button type="button" className="tool-button" disabled>
      {icon} <span className="tool-label">{label}</span>
    </button>
  );
}
