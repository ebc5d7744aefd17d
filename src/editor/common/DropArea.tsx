// A file drop area with a browse button: a drop is accepted only when `acceptsDrop` says so, otherwise the
// area flashes invalid for 300 ms; the chosen file shows with its size and a trash button that clears it. With
// `onFiles` it takes many files at once (browse and drop alike) and the caller lists them.
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { formatFileSize } from '../../ui/fileSize';
import { TrashIcon } from '../../ui/icons';

export const INVALID_FLASH_MS = 300;

export function DropArea({
  label,
  hint,
  accept,
  acceptsDrop,
  file,
  onFile,
  onFiles,
  onClear,
  icon,
  disabled,
  children,
}: {
  label: string;
  hint: string;
  accept: string;
  acceptsDrop: (f: File) => boolean;
  file: File | null;
  onFile?: (f: File) => void;
  /** Many files: every accepted file of a drop or a browse (those `acceptsDrop` refuses flash the area). */
  onFiles?: (fs: File[]) => void;
  onClear?: () => void;
  icon?: ReactNode;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const flashInvalid = () => {
    setInvalid(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setInvalid(false), INVALID_FLASH_MS);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const all = [...(e.dataTransfer.files ?? [])];
    const ok = all.filter(acceptsDrop);
    if (ok.length < all.length || !ok.length) flashInvalid();
    if (!ok.length) return;
    if (onFiles) onFiles(ok);
    else onFile?.(ok[0]);
  };
  return (
    <div
      className={`drop-area${over ? ' over' : ''}${invalid ? ' invalid' : ''}${file ? ' has-file' : ''}`}
      data-invalid={invalid || undefined}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <div className="drop-icon" aria-hidden="true">
        {icon}
      </div>
      <div className="drop-text">
        <label htmlFor={id} className="drop-label">
          {label}
        </label>
        {file ? (
          <p className="drop-file">
            <span className="drop-file-name">{file.name}</span>{' '}
            <span className="drop-file-size">{formatFileSize(file.size)}</span>
          </p>
        ) : (
          <p className="drop-hint">{hint}</p>
        )}
        {children}
      </div>
      <div className="drop-actions">
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          className="visually-hidden"
          // Browse is its keyboard stop: the hidden input would be one Tab that shows nothing.
          tabIndex={-1}
          disabled={disabled}
          multiple={!!onFiles}
          onChange={(e) => {
            const all = [...(e.target.files ?? [])];
            if (onFiles && all.length) onFiles(all);
            else if (all[0]) onFile?.(all[0]);
            e.target.value = '';
          }}
        />
        <button type="button" className="secondary-button" disabled={disabled} onClick={() => input.current?.click()}>
          Browse
        </button>
        {file && onClear ? (
          <button
            type="button"
            className="icon-button"
            disabled={disabled}
            onClick={onClear}
            aria-label={`Remove ${file.name}`}
          >
            <TrashIcon />
          </button>
        ) : null}
      </div>
    </div>
  );
}
