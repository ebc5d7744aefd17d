// The editors' dialog form: submitted by the button or Enter, checked by our own rules (not the browser's), and
// the one-line name field every such dialog starts with.
import type { ReactNode } from 'react';

export function EditorForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      className="editor-form"
    >
      {children}
    </form>
  );
}

export function NameField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="field">
      <span>{label}</span>
      <input value={value} onChange={(e) => onChange(e.target.value)} maxLength={200} autoComplete="off" />
    </label>
  );
}
