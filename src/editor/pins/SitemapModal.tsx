// New site map: a map name and an image, both required.
import { useState } from 'react';
import { Modal } from '../../ui/Modal';
import { DropArea } from '../common/DropArea';
import { ImageIcon } from '../../ui/icons';
import { missingMessage, missingSitemapFields } from '../../domain/pinRules';
import { isImageFile } from './PinModal';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { EditorForm, NameField } from '../common/EditorForm';

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
      </EditorForm>
    </Modal>
  );
}
