// The hotspot editor's panel: add, undo and redo, the list of the scene's hotspots, and the fields of the one
// selected (a link's target and arrow, an info hotspot's title, text and picture), with its delete.
import type { HotspotDraft, HotspotPatch, SaveStatus } from './hotspotEditor';
import { InfoForm } from './InfoForm';
import { InfoPictureField } from './InfoPictureField';
import { LandingForm } from './LandingForm';
import { landingText } from './landingRules';

/** One press of "turn" turns a link arrow this far (radians): 15 degrees. */
const TURN = Math.PI / 12;

const STATUS: Record<SaveStatus['kind'], string> = {
  saved: 'All changes saved',
  saving: 'Saving…',
  failed: 'Not saved',
  conflict: 'Not saved: someone else changed this scene',
};

export function HotspotPanel({
  site,
  tilesId,
  drafts,
  selected,
  status,
  revision,
  notice,
  placing,
  canUndo,
  canRedo,
  titleOf,
  onPlace,
  onSelect,
  onEdit,
  onChooseTarget,
  onPreviewLanding,
  onDelete,
  onUndo,
  onRedo,
  onRetry,
  onClose,
}: {
  site: string;
  tilesId: string;
  drafts: readonly HotspotDraft[];
  selected: string | null;
  status: SaveStatus;
  revision: number;
  /** Said once, above the list (e.g. that the undo history was cleared). */
  notice?: string | null;
  placing: 'link' | 'info' | null;
  canUndo: boolean;
  canRedo: boolean;
  titleOf: (d: HotspotDraft) => string;
  onPlace: (kind: 'link' | 'info' | null) => void;
  onSelect: (key: string) => void;
  onEdit: (key: string, patch: HotspotPatch) => void;
  onChooseTarget: (key: string) => void;
  onPreviewLanding: (key: string) => void;
  onDelete: (key: string) => void;
  onUndo: () => void;
  onRedo: () => void;
  onRetry: () => void;
  onClose: () => void;
}) {
  const chosen = drafts.find((d) => d.key === selected) ?? null;
  return (
    <section className="editor-panel hotspot-editor-panel" aria-label="Edit hotspots">
      <header>
        <h2>Edit hotspots</h2>
        <button type="button" onClick={onClose}>
          Done
        </button>
      </header>
      <p className="save-status" role="status">
        {STATUS[status.kind]}
      </p>
      {notice ? <p className="hint">{notice}</p> : null}
      {status.kind === 'failed' ? (
        <p className="form-error" role="alert">
          {status.message}{' '}
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : null}
      <div className="hotspot-tools" role="toolbar" aria-label="Hotspot tools">
        <button type="button" aria-pressed={placing === 'link'} onClick={() => onPlace('link')}>
          Add link
        </button>
        <button type="button" aria-pressed={placing === 'info'} onClick={() => onPlace('info')}>
          Add info
        </button>
        <button type="button" disabled={!canUndo} onClick={onUndo} title="Undo (Ctrl+Z)">
          Undo
        </button>
        <button type="button" disabled={!canRedo} onClick={onRedo} title="Redo (Ctrl+Shift+Z)">
          Redo
        </button>
      </div>
      {placing ? (
        <p className="placing-hint">
          Click or tap the panorama where the {placing === 'link' ? 'link' : 'information'} goes.{' '}
          <button type="button" onClick={() => onPlace(null)}>
            Cancel
          </button>
        </p>
      ) : null}
      <ul className="hotspot-drafts">
        {drafts.map((d) => (
          <li key={d.key}>
            <button type="button" aria-pressed={d.key === selected} onClick={() => onSelect(d.key)}>
              {d.kind === 'link' ? '→ ' : 'Info: '}
              {titleOf(d)}
            </button>
          </li>
        ))}
      </ul>
      {chosen ? (
        <div className="hotspot-detail">
          {chosen.kind === 'link' ? (
            <>
              <p>
                Leads to <strong>{titleOf(chosen)}</strong>{' '}
                <button type="button" onClick={() => onChooseTarget(chosen.key)}>
                  Change target
                </button>
              </p>
              <p>
                Arrow{' '}
                <button type="button" onClick={() => onEdit(chosen.key, { rotation: chosen.rotation - TURN })}>
                  Turn left
                </button>{' '}
                <button type="button" onClick={() => onEdit(chosen.key, { rotation: chosen.rotation + TURN })}>
                  Turn right
                </button>
              </p>
              <div className="landing" role="group" aria-label="Where it lands">
                <p>
                  Lands at <strong>{landingText(chosen.view)}</strong>
                </p>
                <p>
                  <button type="button" onClick={() => onPreviewLanding(chosen.key)}>
                    Preview arrival
                  </button>{' '}
                  {chosen.view ? (
                    <button type="button" onClick={() => onEdit(chosen.key, { view: undefined })}>
                      Clear arrival
                    </button>
                  ) : null}
                </p>
                <LandingForm
                  key={`${chosen.key}:${revision}`}
                  view={chosen.view}
                  onSubmit={(view) => onEdit(chosen.key, { view })}
                />
              </div>
            </>
          ) : (
            <>
              <InfoForm
                // A new form when the selection or the stored set changes (undo, another save).
                key={`${chosen.key}:${revision}`}
                title={chosen.title}
                text={chosen.text}
                submitLabel="Apply"
                onSubmit={(v) => onEdit(chosen.key, v)}
              />
              <InfoPictureField
                site={site}
                tilesId={tilesId}
                title={chosen.title}
                image={chosen.image}
                onChange={(image) => onEdit(chosen.key, { image })}
              />
            </>
          )}
          <button type="button" className="danger" onClick={() => onDelete(chosen.key)}>
            Delete this hotspot
          </button>
        </div>
      ) : (
        <p className="hint">Drag a hotspot on the panorama to move it; select it to change it.</p>
      )}
    </section>
  );
}
