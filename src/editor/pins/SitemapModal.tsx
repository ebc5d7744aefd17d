// New site map: a map name and an image, both required.
import { useState } from 'react';
import { Modal } from '../../ui/Modal';
import { missingMessage, missingSitemapFields } from '../../domain/pinRules';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { EditorForm, ImageField, NameField } from '../common/EditorForm';

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
  const preview = useObjectUrl(image);
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
      <EditorForm onSubmit={submit}>
        <NameField label="Map name" value={name} onChange={setName} />
        {preview ? <img src={preview} alt="Map image preview" className="pin-cover-preview" /> : null}
        <ImageField label="Map image" file={image} onFile={setImage} disabled={busy} />
        <div className="modal-actions">
          <button type="submit" className="primary-button" disabled={busy}>
            Create
          </button>
        </div>
      </EditorForm>
    </Modal>
  );
}
