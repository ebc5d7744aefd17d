// Floor name and tag of the small minimap (admin): a Save control appears once either differs from what is
// stored; an empty tag saves as the floor number, an empty name as 'Floor {floor}'.
import { usePatchFloorDetails } from '../../api/queries/minimap';
import { toast } from '../../ui/notices/notices';
import { useDraft } from '../../ui/useDraft';

export const FLOOR_SAVE_FAILED = 'Error! Failed to Update Floor Details';

export function floorDetailsToSave(floor: number, name: string, tag: string) {
  return { floor, floor_name: name.trim() || `Floor ${floor}`, floor_tag: tag.trim() || String(floor) };
}

export function FloorDetailsForm({
  site,
  floor,
  storedName,
  storedTag,
}: {
  site: string;
  floor: number;
  storedName: string;
  storedTag: string;
}) {
  const [name, setName] = useDraft(storedName, floor);
  const [tag, setTag] = useDraft(storedTag, floor);
  const patch = usePatchFloorDetails(site);
  const changed = name !== storedName || tag !== storedTag;
  const save = () =>
    patch.mutate(floorDetailsToSave(floor, name, tag), {
      onSuccess: (_r, body) => {
        setName(body.floor_name);
        setTag(body.floor_tag);
      },
      onError: (e) => toast.failed(FLOOR_SAVE_FAILED, e),
    });
  return (
    <form
      className="floor-details"
      onSubmit={(e) => {
        e.preventDefault();
        if (changed) save();
      }}
    >
      <label>
        <span>Floor name</span>
        <input value={name} onChange={(e) => setName(e.target.value)} placeholder={`Floor ${floor}`} maxLength={200} />
      </label>
      <label className="floor-tag">
        <span>Tag</span>
        <input value={tag} onChange={(e) => setTag(e.target.value)} placeholder={String(floor)} maxLength={50} />
      </label>
      {changed ? (
        <button type="submit" className="primary-button small-button" disabled={patch.isPending}>
          Save
        </button>
      ) : null}
    </form>
  );
}
