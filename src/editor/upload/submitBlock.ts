// Why the upload page's Submit cannot work yet, in the words its title shows; null once it can. Pure.

export interface SubmitState {
  hasZip: boolean;
  hasCsv: boolean;
  validating: boolean;
  /** Reading a file or checking them found an error that must be fixed first. */
  failed: boolean;
  uploading: boolean;
  /** The server found the export already uploaded and waits for Replace or Keep. */
  duplicate: boolean;
}

export function submitBlock(s: SubmitState): string | null {
  if (s.uploading) return 'Uploading…';
  if (s.duplicate) return 'This export is already uploaded: replace those scenes or keep the survey.';
  if (!s.hasZip && !s.hasCsv) return 'Add the tour .zip and the positions .csv first.';
  if (!s.hasZip) return 'Add the tour .zip first.';
  if (!s.hasCsv) return 'Add the positions .csv first.';
  if (s.validating) return 'Checking the files…';
  if (s.failed) return 'Fix the errors shown above first.';
  return null;
}
