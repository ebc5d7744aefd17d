// Admin: 'Upload documents .zip' with Submit and Cancel; a success indicator shows 1 s before the refresh.
import { useState, type FormEvent } from 'react';
import { useRefreshDocumentation, useUploadDocumentation } from '../../api/queries/documents';
import { formatFileSize } from '../../ui/fileSize';
import { GuardedButton } from '../../ui/GuardedButton';
import { toast } from '../../ui/notices/notices';

export const SUCCESS_INDICATOR_MS = 1000;

/** The checks: a file is selected, and it is a zip by type or by a .zip name. */
export function documentUploadError(file: File | null): string | null {
  if (!file) return 'Please select a file before submitting.';
  const zipType = /zip/.test(file.type);
  if (!zipType && !file.name.toLowerCase().endsWith('.zip')) return 'Please select a ZIP file.';
  return null;
}

export function DocumentUploadForm({ site, onDone }: { site: string; onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [done, setDone] = useState(false);
  const uploadDocs = useUploadDocumentation(site);
  const refresh = useRefreshDocumentation(site);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const err = documentUploadError(file);
    if (err) return void toast.error(err);
    uploadDocs.mutate(
      { file: file!, onProgress: setProgress },
      {
        onSuccess: () => {
          setDone(true);
          window.setTimeout(() => {
            setDone(false);
            refresh();
            onDone();
          }, SUCCESS_INDICATOR_MS);
        },
        onError: () => toast.error('Failed to upload file.'),
      },
    );
  };
  return (
    <form className="doc-upload" onSubmit={submit}>
      <label>
        <span>Upload documents .zip</span>
        <input type="file" accept=".zip,application/zip" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      {file ? <span className="muted">{formatFileSize(file.size)}</span> : null}
      {uploadDocs.isPending ? <progress max={1} value={progress} aria-label="Upload progress" /> : null}
      {done ? (
        <span role="status" className="success">
          Uploaded
        </span>
      ) : null}
      {/* Offered as usable only once it can work: a zip chosen, no upload in flight; its title says why not. */}
      <GuardedButton
        type="submit"
        className="primary-button"
        blocked={uploadDocs.isPending ? 'Uploading…' : documentUploadError(file)}
      >
        Submit
      </GuardedButton>
      <button type="button" className="secondary-button" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}
