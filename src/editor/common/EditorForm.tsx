// The editors' dialog form: submitted by the button or Enter, checked by our own rules (not the browser's), and
// the one-line name field every such dialog starts with, and its picture field.
import type { ReactNode } from 'react';
import { ImageIcon } from '../../ui/icons';
import { DropArea } from './DropArea';

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

export const isImageFile = (f: File) => f.type.startsWith('image/');

/** The dialogs' picture field: dropped or browsed, images only. */
export function ImageField({
  label,
  file,
  onFile,
  disabled,
}: {
  label: string;
  file: File | null;
  onFile: (f: File | null) => void;
  disabled: boolean;
}) {
  return (
    <DropArea
      label={label}
      hint="Drop an image here or browse."
      accept="image/*"
      acceptsDrop={isImageFile}
      file={file}
      onFile={onFile}
      onClear={() => onFile(null)}
      icon={<ImageIcon />}
      disabled={disabled}
    />
  );
}
