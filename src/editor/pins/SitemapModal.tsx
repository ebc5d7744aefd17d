// New site map: a map name and an image, both required.
import { useEffect, useState } from 'react';
import { Modal } from '../../ui/Modal';
import { DropArea } from '../common/DropArea';
import { ImageIcon } from '../../ui/icons';
import { missingMessage, missingSitemapFields } from '../../domain/pinRules';
import { isImageFile } from './PinModal';

export function SitemapModal({
  busy,
  onClose,
  onSubmit,
}: {
  busy: boolean;
  onClose: () => void;
  onSubmit: (r: { name: string; image: File }) => void;
}) {
  const [name, setName] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);
  const submit = () => {
    const missing = missingSitemapFields({ name, hasImage: !!image });
    if (missing.length || !image) {
      alert(missingMessage(missing));
      return;
    }
    onSubmit({ name: name.trim(), image });
  };
  return (
    <Modal title="New Site Map" onClose={onClose} className="editor-modal sitemap-modal">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="editor-form"
      >
        <label className="field">
          <span>Map name</span>
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} autoComplete="off" />
        </label>
        {preview ? <img src={preview} alt="Map image preview" className="pin-cover-preview" /> : null}
        <DropArea
          label="Map image"
          hint="Drop an image here or browse."
          accept="image/*"
          acceptsDrop={isImageFile}
          file={image}
          onFile={setImage}
          onClear={() => setImage(null)}
          icon={<ImageIcon />}
          disabled={busy}
        />
        <div className="modal-actions">
          <button type="submit" className="primary-button" disabled={busy}>
            Create
          </button>
        </div>
      </form>
    </Modal>
  );
}
