// What the check of the chosen zip and CSV found, above the table (announced politely; errors as alerts).
import { Spinner } from '../../ui/Spinner';
import { WarningIcon } from '../../ui/icons';
import { CSV_FILE_ERROR, ORPHANS_IN_CSV, type UploadValidation } from './validateUpload';

export function UploadMessages({
  validating,
  zipError,
  validation,
}: {
  validating: boolean;
  /** Why the zip could not be read, or null. */
  zipError: string | null;
  validation: UploadValidation | null;
}) {
  return (
    <div className="upload-messages" aria-live="polite">
      {validating ? (
        <p className="upload-status">
          <Spinner /> Checking the files…
        </p>
      ) : null}
      {zipError !== null ? (
        <p className="upload-error" role="alert">
          The zip could not be read: {zipError}
        </p>
      ) : null}
      {validation?.problem ? (
        <p className="upload-error" role="alert">
          {validation.problem}
        </p>
      ) : null}
      {validation?.csvError ? (
        <p className="upload-error" role="alert" data-label="CSVFileError">
          {CSV_FILE_ERROR}
        </p>
      ) : null}
      {validation && !validation.csvError && validation.error && !validation.problem ? (
        <p className="upload-error" role="alert">
          Some scene folders of the zip have no row in the CSV (marked with a cross).
        </p>
      ) : null}
      {validation && validation.orphanLines.length > 0 ? (
        <p className="upload-warning" data-label="orphansInCSV">
          <WarningIcon /> {ORPHANS_IN_CSV}
        </p>
      ) : null}
    </div>
  );
}
