// Floor slider: one label per floor, highest on top; floors without survey data are disabled and clicks on
// them ignored; hidden while the minimap is enlarged.
import { useAtomValue } from 'jotai';
import { minimapEnlargedAtom } from '../../state/atoms';
import { useMinimapFloors } from '../../api/queries/minimap';
import { useViewerState } from '../../domain/viewer/ViewerStateContext';
import { useSurveySwitch } from '../../domain/viewer/useSurveySwitch';
import { floorOptions } from './floors';

export function FloorSlider() {
  const enlarged = useAtomValue(minimapEnlargedAtom);
  const { site, settings, floor, floorsWithData } = useViewerState();
  const stored = useMinimapFloors(site);
  // A new floor opens the scene nearest on the plan, looking the same way (useSurveySwitch).
  const go = useSurveySwitch();
  if (!settings.enable.floors || enlarged) return null;
  const storedFloors = stored.data;
  const firstFloor =
    storedFloors && storedFloors.length > 0
      ? Math.min(...storedFloors.map((f) => f.floor))
      : settings.initial_settings.floor;
  const options = floorOptions(storedFloors, settings.num_floors, firstFloor, floorsWithData);
  if (options.length <= 1) return null;
  return (
    <nav className="floor-slider" aria-label="Floors">
      <ul>
        {options.map((o) => (
          <li key={o.floor}>
            <button
              type="button"
              className="floor-stop"
              aria-current={o.floor === floor ? 'true' : undefined}
              aria-disabled={o.disabled || undefined}
              title={o.disabled ? `${o.title} (no survey data)` : o.title}
              aria-label={`${o.label}${o.disabled ? ' (no survey data)' : ''}`}
              onClick={() => {
                if (!o.disabled && o.floor !== floor) go({ floor: o.floor });
              }}
            >
              {o.tag}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
