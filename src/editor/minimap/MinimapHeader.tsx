// The minimap's title bar: the floor's name, the editor's Edit / Save / Cancel (enlarged only) and the enlarge or
// close control.
import { EnlargeToggle } from '../../ui/EnlargeToggle';
import { canSave, editModeOf, type NodeEditorEvent, type NodeEditorState } from './nodeEditor';

export function MinimapHeader({
  floorName,
  enlarged,
  editor,
  canEdit,
  canEnlarge,
  onEdit,
  dispatch,
  setEnlarged,
}: {
  floorName: string;
  enlarged: boolean;
  editor: NodeEditorState;
  /** There are nodes on this plan to edit. */
  canEdit: boolean;
  canEnlarge: boolean;
  onEdit: () => void;
  dispatch: (e: NodeEditorEvent) => void;
  setEnlarged: (enlarged: boolean) => void;
}) {
  const editMode = editModeOf(editor);
  return (
    <div className="minimap-header">
      <h2 className="minimap-title name-line" title={floorName}>
        {floorName}
      </h2>
      <div className="minimap-header-actions">
        {enlarged && editMode === 'none' && canEdit ? (
          <button type="button" className="secondary-button small-button" onClick={onEdit}>
            Edit
          </button>
        ) : null}
        {enlarged && editMode === 'editing' ? (
          <button
            type="button"
            className="primary-button small-button"
            disabled={!canSave(editor)}
            onClick={() => dispatch({ type: 'save' })}
          >
            Save
          </button>
        ) : null}
        {enlarged && editMode !== 'none' ? (
          <button
            type="button"
            className="secondary-button small-button"
            onClick={() => dispatch({ type: 'cancel' })}
            disabled={editor.kind === 'saving'}
          >
            Cancel
          </button>
        ) : null}
        <EnlargeToggle enlarged={enlarged} setEnlarged={setEnlarged} disabled={!canEnlarge} />
      </div>
    </div>
  );
}
