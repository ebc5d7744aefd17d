// The small minimap's "Edit floor": the floor's name and tag, and its floor-plan image (choose, then Submit or
// Cancel; a drop on the map does the same).
import { ImageIcon } from '../../ui/icons';
import { FloorDetailsForm } from './FloorDetailsForm';
import type { useFloorPlanImage } from './useFloorPlanImage';

export function FloorAdmin({
  site,
  floor,
  storedName,
  storedTag,
  image,
}: {
  site: string;
  floor: number;
  storedName: string;
  storedTag: string;
  image: ReturnType<typeof useFloorPlanImage>;
}) {
  return (
    <details className="minimap-admin">
      <summary>Edit floor</summary>
      <FloorDetailsForm site={site} floor={floor} storedName={storedName} storedTag={storedTag} />
      <div className="minimap-image-actions">
        <input
          ref={image.fileInput}
          type="file"
          accept="image/*"
          className="visually-hidden"
          // The Floor plan image button is its keyboard stop (a hidden input would be an invisible one).
          tabIndex={-1}
          aria-label="Choose a floor-plan image"
          onChange={(e) => {
            image.choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {image.pending ? (
          <>
            <button
              type="button"
              className="primary-button small-button"
              onClick={image.submit}
              disabled={image.uploading}
            >
              Submit
            </button>
            <button
              type="button"
              className="secondary-button small-button"
              onClick={image.cancel}
              disabled={image.uploading}
            >
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            className="secondary-button small-button"
            onClick={() => image.fileInput.current?.click()}
          >
            <ImageIcon /> Floor plan image
          </button>
        )}
      </div>
    </details>
  );
}
