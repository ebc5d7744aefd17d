// The chosen photos before sending: name, pixel size (read from the header), file size, and what is wrong with it,
// with a button to take each one out.
import { formatFileSize } from '../../../ui/fileSize';
import { TrashIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import type { PhotoCheck } from './checkPhotos';

export interface ListedPhoto {
  key: string;
  bytes: number;
  read: boolean;
  check: PhotoCheck;
}

export function PhotoList({
  photos,
  onRemove,
  disabled,
}: {
  photos: readonly ListedPhoto[];
  onRemove: (key: string) => void;
  disabled?: boolean;
}) {
  if (!photos.length) return null;
  return (
    <ul className="photo-list" aria-label="Chosen photos">
      {photos.map(({ key, bytes, read, check }) => (
        <li key={key} data-status={check.problem ? 'error' : read ? 'ok' : 'reading'}>
          <span className="photo-list-name">{check.name}</span>
          <span className="photo-list-size muted">
            {read ? (check.pixels ?? 'size unknown') : <Spinner />} · {formatFileSize(bytes)}
          </span>
          <button
            type="button"
            className="icon-button"
            disabled={disabled}
            onClick={() => onRemove(key)}
            aria-label={`Remove ${check.name}`}
          >
            <TrashIcon />
          </button>
          {check.problem ? (
            <p className="upload-error" role="alert">
              {check.problem}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
