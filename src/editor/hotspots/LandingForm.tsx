// Where a link lands, typed: yaw, pitch and field of view in degrees. The preview on the target (HotspotEditor)
// is the other way to set it.
import { useId, useState } from 'react';
import type { ViewParameters } from '../../../contract/api';
import { landingDegrees, landingFromDegrees } from './landingRules';

const FIELDS = [
  ['yaw', 'Yaw °', -180, 180],
  ['pitch', 'Pitch °', -90, 90],
  ['fov', 'Field of view °', 1, 100],
] as const;

export function LandingForm({ view, onSubmit }: { view?: ViewParameters; onSubmit: (v: ViewParameters) => void }) {
  const id = useId();
  const [d, setD] = useState(() => landingDegrees(view ?? { yaw: 0, pitch: 0, fov: Math.PI / 2 }));
  const landing = landingFromDegrees(d);
  return (
    <form
      className="landing-form"
      aria-label="Arrival view in degrees"
      onSubmit={(e) => {
        e.preventDefault();
        if (landing) onSubmit(landing);
      }}
    >
      {FIELDS.map(([key, label, min, max]) => (
        <span className="field" key={key}>
          <label htmlFor={`${id}-${key}`}>{label}</label>
          <input
            id={`${id}-${key}`}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            required
            value={Number.isFinite(d[key]) ? d[key] : ''}
            onChange={(e) => setD({ ...d, [key]: e.target.valueAsNumber })}
          />
        </span>
      ))}
      <button type="submit" disabled={!landing}>
        Set arrival
      </button>
    </form>
  );
}
