// The node edit form: rotation offset (0-360, step 15), x and y (0-100 percent) with their input rules;
// Save is enabled only when a value differs from where the node started.
import { draftChanged, type NodeDraft } from './nodeEditor';
import { applyInputRule, PERCENT_INPUT, ROTATION_INPUT, type InputBounds } from './nodeInput';
import { roundPercent } from '../../domain/planGeometry';

function NumberField({
  label,
  value,
  bounds,
  onValue,
  disabled,
}: {
  label: string;
  value: number;
  bounds: InputBounds;
  onValue: (v: number) => void;
  disabled?: boolean;
}) {
  return (
    <label className="node-field">
      <span>{label}</span>
      <input
        type="number"
        inputMode="decimal"
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        value={value}
        disabled={disabled}
        onChange={(e) => onValue(applyInputRule(e.target.value, bounds, value))}
      />
    </label>
  );
}

export function NodeEditForm({
  name,
  draft,
  initial,
  onChange,
  onSave,
  onCancel,
  saving,
}: {
  name: string;
  draft: NodeDraft;
  initial: NodeDraft;
  onChange: (d: NodeDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
}) {
  const changed = draftChanged(draft, initial);
  return (
    <form
      className="node-edit-form"
      aria-label={`Edit ${name}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (changed && !saving) onSave();
      }}
    >
      <p className="node-edit-name">{name}</p>
      <NumberField
        label="Rotation offset (°)"
        value={draft.rotationDeg}
        bounds={ROTATION_INPUT}
        onValue={(v) => onChange({ ...draft, rotationDeg: v })}
        disabled={saving}
      />
      <NumberField
        label="X (%)"
        value={roundPercent(draft.left)}
        bounds={PERCENT_INPUT}
        onValue={(v) => onChange({ ...draft, left: v })}
        disabled={saving}
      />
      <NumberField
        label="Y (%)"
        value={roundPercent(draft.top)}
        bounds={PERCENT_INPUT}
        onValue={(v) => onChange({ ...draft, top: v })}
        disabled={saving}
      />
      <div className="node-edit-actions">
        <button type="submit" className="primary-button" disabled={!changed || saving}>
          Save
        </button>
        <button type="button" className="secondary-button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
