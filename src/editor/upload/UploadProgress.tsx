// The export upload's bar and its text.
import { progressPhase, progressText, type ImportProgress } from './uploadProgress';

export function UploadProgress({ progress, imported }: { progress: number; imported: ImportProgress | null }) {
  const percent = Math.round(progress * 100);
  return (
    <div className="upload-progress">
      <progress max={100} value={percent} aria-label="Upload progress" />
      <span className="visually-hidden" role="status">
        {progressPhase(percent)}
      </span>
      <span>{progressText(percent, imported)}</span>
    </div>
  );
}
