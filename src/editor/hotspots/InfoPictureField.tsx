// An info hotspot's picture in the editor: the one it has (alt text: the hotspot's title, as visitors get it), a
// file input to upload a new one, and Remove. The upload only stores the file; choosing it is a change of the set
// (`onChange`), saved and undone like any other.
import { useId, useState } from 'react';
import { uploadInfoPicture } from './hotspotApi';

/** The server's bound, checked here first so a big file is not sent for nothing. */
const MAX_BYTES = 20 * 1024 * 1024;

export function InfoPictureField({
  site,
  tilesId,
  title,
  image,
  onChange,
}: {
  site: string;
  tilesId: string;
  title: string;
  image: string;
  onChange: (image: string) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_BYTES) {
      setError(`The picture is larger than ${MAX_BYTES / 1024 ** 2} MB; please choose a smaller one.`);
      return;
    }
    setBusy(true);
    try {
      onChange(await uploadInfoPicture(site, tilesId, file));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field info-picture" role="group" aria-label="Picture">
      {image ? <img className="info-picture-preview" src={image} alt={title} /> : <p className="hint">No picture.</p>}
      <label htmlFor={`${id}-file`}>
        {image ? 'Replace picture (JPEG, PNG or WebP)' : 'Add a picture (JPEG, PNG or WebP)'}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={busy}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {/* Not a second role=status: the panel's one says whether the set is saved. */}
      <p className="hint" aria-live="polite">
        {busy ? 'Uploading the picture…' : ''}
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {image ? (
        <button type="button" onClick={() => onChange('')}>
          Remove picture
        </button>
      ) : null}
    </div>
  );
}
