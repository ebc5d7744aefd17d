// The start scene, chosen as the viewer offers them: a floor, a date of that floor, then one of its scenes by its
// preview (native radio buttons: arrow keys move between scenes).
import { useMinimapFloors } from '../../api/queries/minimap';
import { useFloorsWithData, useSurveyDates, useSurveyDetails } from '../../api/queries/surveys';
import { previewUrl } from '../../../contract/tileUrls';
import { previewFacePosition } from '../minimap/unplacedTray';

const FRONT = previewFacePosition('f');

export interface StartScene {
  floor: number;
  date: string;
  panoId: string;
}

export function StartScenePicker({
  site,
  value,
  onChange,
  error,
}: {
  site: string;
  value: StartScene;
  onChange: (v: StartScene) => void;
  error?: string;
}) {
  const floors = useFloorsWithData(site, null).data ?? [];
  const dates = useSurveyDates(site, value.floor).data ?? [];
  const scenes = useSurveyDetails(site, value.floor, value.date || null).data ?? [];
  const named = useMinimapFloors(site).data;
  const floorLabel = (f: number) => named?.find((n) => n.floor === f)?.floor_name || `Floor ${f}`;
  const floorOptions = floors.includes(value.floor) ? floors : [value.floor, ...floors];
  return (
    <div className="start-scene">
      <div className="settings-row">
        <label className="field">
          <span>Floor</span>
          <select
            value={value.floor}
            onChange={(e) => onChange({ floor: Number(e.target.value), date: '', panoId: '' })}
          >
            {floorOptions.map((f) => (
              <option key={f} value={f}>
                {floorLabel(f)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Date</span>
          <select value={value.date} onChange={(e) => onChange({ ...value, date: e.target.value, panoId: '' })}>
            <option value="">The latest</option>
            {dates.map((d) => (
              <option key={d.date} value={d.date}>
                {d.date} {d.survey_name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="start-scene-list" aria-describedby={error ? 'start-scene-error' : undefined}>
        <legend>Scene</legend>
        <label className="start-scene-card">
          <input
            type="radio"
            name="start-scene"
            checked={value.panoId === ''}
            onChange={() => onChange({ ...value, panoId: '' })}
          />
          <span className="start-scene-blank" aria-hidden="true" />
          <span className="start-scene-name">The first scene</span>
        </label>
        {scenes.map((s) => {
          const n = s.survey_node;
          return (
            <label key={s.id} className="start-scene-card">
              <input
                type="radio"
                name="start-scene"
                checked={value.panoId === n.tiles_id}
                onChange={() => onChange({ ...value, date: value.date || s.date, panoId: n.tiles_id })}
              />
              <img
                src={previewUrl({ mantaLink: n.manta_link, tilesId: n.tiles_id, format: n.tile_format })}
                alt=""
                style={{ objectPosition: FRONT }}
              />
              <span className="start-scene-name">{n.title || n.tiles_name}</span>
            </label>
          );
        })}
      </fieldset>
      {error ? (
        <p id="start-scene-error" className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
