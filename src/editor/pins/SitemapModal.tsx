// New site map: a map name and an image, both required.
import { useState } from 'react';
import { Modal } from '../../ui/Modal';
import { GuardedButton } from '../../ui/GuardedButton';
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
  // Offered as usable once both are there; its title lists what is missing.
  const missing = missingSitemapFields({ name, hasImage: !!image });
  const blocked = busy ? 'Saving…' : missing.length ? missingMessage(missing) : null;
  const submit = () => {
    if (!blocked && image) onSubmit({ name: name.trim(), image });
  };
  return (
    <Modal title="New Site Map" onClose={onClose} className="editor-modal sitemap-modal">
      <EditorForm onSubmit={submit}>
        <NameField label="Map name" value={name} onChange={setName} />
        {preview ? <img src={preview} alt="Map image preview" className="pin-cover-preview" /> : null}
        <ImageField label="Map image" file={image} onFile={setImage} disabled={busy} />
        <div className="modal-actions">
          <GuardedButton type="submit" className="primary-button" blocked={blocked}>
            Create
          </GuardedButton>
        </div>
      </EditorForm>
    </Modal>
  );
}
