// Floor slider rules: one entry per floor, highest on top; floors without survey data disabled;
// floor 0 only when the configured first floor is 0.
import type { Floor } from '../../../contract/api';

export interface FloorOption {
  floor: number;
  label: string;
  tag: string;
  /** The hover text: the name, and the tag when the button shows more than the floor's number (it may be cut). */
  title: string;
  disabled: boolean;
}

/**
 * Floors of the site: the stored floor list when there is one, otherwise 0..num_floors-1.
 * `firstFloor` is the configured first floor (the lowest stored floor, or the site's initial floor when no list
 * is stored): floor 0 appears only if it is 0.
 */
export function floorOptions(
  stored: Floor[] | undefined,
  numFloors: number,
  firstFloor: number,
  withData: readonly number[],
): FloorOption[] {
  const list: Floor[] =
    stored && stored.length > 0
      ? stored
      : Array.from({ length: Math.max(numFloors, 0) }, (_, i) => ({ floor: i, floor_name: '', floor_tag: '' }));
  const data = new Set(withData);
  // Floors that hold data must be reachable even if the stored list does not name them.
  for (const f of data) if (!list.some((l) => l.floor === f)) list.push({ floor: f, floor_name: '', floor_tag: '' });
  return list
    .filter((f) => f.floor >= 0 && (f.floor !== 0 || firstFloor === 0))
    .sort((a, b) => b.floor - a.floor)
    .map((f) => {
      const label = f.floor_name || `Floor ${f.floor}`;
      const tag = f.floor_tag || String(f.floor);
      return {
        floor: f.floor,
        label,
        tag,
        title: tag === label || tag === String(f.floor) ? label : `${label} (${tag})`,
        disabled: !data.has(f.floor),
      };
    });
}
