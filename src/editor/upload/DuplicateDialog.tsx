// An upload already in its survey (the server answered 409): the administrator replaces those scenes or keeps the
// survey as it is. Shared by the export form and the photo form.
import { WarningIcon } from '../../ui/icons';

export function DuplicateDialog(props: { label: string; message: string; onReplace: () => void; onKeep: () => void }) {
  return (
    <div className="upload-duplicate" role="alertdialog" aria-label={props.label}>
      <p>
        <WarningIcon /> {props.message}
      </p>
      <div className="upload-duplicate-actions">
        <button type="button" className="primary-button" onClick={props.onReplace}>
          Replace those scenes
        </button>
        <button type="button" className="secondary-button" onClick={props.onKeep}>
          Keep the survey as it is
        </button>
      </div>
    </div>
  );
}
