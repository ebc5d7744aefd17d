// The two things the upload page takes: a Marzipano Tool export (already tiled) or 360 photos (tiled by the server).
export type UploadKind = 'export' | 'photos';

const KINDS: Array<{ kind: UploadKind; label: string; hint: string }> = [
  { kind: 'export', label: 'Marzipano Tool export (.zip)', hint: 'a tour the Marzipano Tool has already tiled' },
  { kind: 'photos', label: '360 photos', hint: 'equirectangular JPEG, PNG, WebP or AVIF photos, tiled here' },
];

export function UploadKindChoice({
  kind,
  onChange,
  disabled,
}: {
  kind: UploadKind;
  onChange: (k: UploadKind) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="upload-kind" disabled={disabled}>
      <legend>What are you uploading?</legend>
      {KINDS.map((k) => (
        <label key={k.kind} className={kind === k.kind ? 'chosen' : undefined}>
          <input
            type="radio"
            name="upload-kind"
            value={k.kind}
            checked={kind === k.kind}
            onChange={() => onChange(k.kind)}
          />
          <span className="upload-kind-label">{k.label}</span>
          <span className="upload-kind-hint muted">{k.hint}</span>
        </label>
      ))}
    </fieldset>
  );
}
