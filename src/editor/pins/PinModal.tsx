// Add Pin / Edit Pin: site name, optional external URL (checkbox + URL check), and either a cover image
// (drop an image or browse; uploaded to /api/map-pins/preview on Create/Save) or an icon picker (learn,
// shop, farm, pig, animal, truck; 'plus' until one is chosen). Icon and name are required.
import { useState } from 'react';
import type { Pin } from '../../../contract/api';
import { Modal } from '../../ui/Modal';
import { GuardedButton } from '../../ui/GuardedButton';
import { ImageIcon, PinGlyph } from '../../ui/icons';
import { missingMessage, missingPinFields, PIN_ICONS } from '../../domain/pinRules';
import { useObjectUrl } from '../../ui/useObjectUrl';
import { EditorForm, ImageField, NameField } from '../common/EditorForm';

export interface PinModalResult {
  name: string;
  icon: string;
  externalUrl: string;
  image: File | null;
}

export function PinModal({
  pin,
  isNew,
  busy,
  onClose,
  onSubmit,
}: {
  pin: Pin;
  isNew: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (r: PinModalResult) => void;
}) {
  const [name, setName] = useState(pin.name);
  const [icon, setIcon] = useState(pin.icon);
  const [externalOn, setExternalOn] = useState(!!pin.external_url);
  const [externalUrl, setExternalUrl] = useState(pin.external_url ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [view, setView] = useState<'image' | 'icon'>('image');
  const preview = useObjectUrl(image);

  const cover = preview ?? (pin.cover_image || null);
  // Offered as usable once the pin can be sent: its title lists what is missing, or that nothing changed.
  const missing = missingPinFields({ name, icon, externalOn, externalUrl });
  const unchanged =
    !isNew &&
    !image &&
    name.trim() === pin.name &&
    icon === pin.icon &&
    (externalOn ? externalUrl.trim() : '') === (pin.external_url ?? '');
  const blocked = busy
    ? 'Saving…'
    : missing.length
      ? missingMessage(missing)
      : unchanged
        ? 'Nothing to save: change the name, the link, the cover image or the icon first.'
        : null;
  const submit = () => {
    if (!blocked) onSubmit({ name: name.trim(), icon, externalUrl: externalOn ? externalUrl.trim() : '', image });
  };
  return (
    <Modal title={isNew ? 'Add Pin' : 'Edit Pin'} onClose={onClose} className="editor-modal pin-modal">
      <EditorForm onSubmit={submit}>
        <NameField label="Site name" value={name} onChange={setName} />
        <label className="check-field">
          <input type="checkbox" checked={externalOn} onChange={(e) => setExternalOn(e.target.checked)} />
          <span>Link to an external website</span>
        </label>
        {externalOn ? (
          <label className="field">
            <span>External URL</span>
            <input
              type="url"
              inputMode="url"
              value={externalUrl}
              onChange={(e) => setExternalUrl(e.target.value)}
              placeholder="https://"
            />
          </label>
        ) : null}
        <div className="view-switch pin-view-switch" role="group" aria-label="Cover image or icon">
          <button type="button" aria-pressed={view === 'image'} onClick={() => setView('image')}>
            <ImageIcon /> Cover image
          </button>
          <button type="button" aria-pressed={view === 'icon'} onClick={() => setView('icon')}>
            <PinGlyph icon={icon} /> Icon
          </button>
        </div>
        {view === 'image' ? (
          <div className="pin-cover">
            {cover ? <img src={cover} alt="Cover image preview" className="pin-cover-preview" /> : null}
            <ImageField label="Cover image" file={image} onFile={setImage} disabled={busy} />
          </div>
        ) : (
          <div className="icon-picker" role="radiogroup" aria-label="Pin icon">
            {PIN_ICONS.map((i) => (
              <button
                key={i}
                type="button"
                role="radio"
                aria-checked={icon === i}
                className={`icon-choice${icon === i ? ' chosen' : ''}`}
                onClick={() => setIcon(i)}
              >
                <PinGlyph icon={i} />
                <span>{i}</span>
              </button>
            ))}
          </div>
        )}
        <div className="modal-actions">
          <GuardedButton type="submit" className="primary-button" blocked={blocked}>
            {isNew ? 'Create' : 'Save'}
          </GuardedButton>
        </div>
      </EditorForm>
    </Modal>
  );
}
