// The upload page's Submit says why it cannot work yet, in the order a person meets the steps.
import { describe, expect, it } from 'vitest';
import { submitBlock, type SubmitState } from '../../../src/editor/upload/submitBlock';

const ready: SubmitState = {
  hasZip: true,
  hasCsv: true,
  validating: false,
  failed: false,
  uploading: false,
  duplicate: false,
};

describe('submitBlock', () => {
  it('is null only when both files are there, checked and without errors', () => {
    expect(submitBlock(ready)).toBeNull();
    expect(submitBlock({ ...ready, hasZip: false, hasCsv: false })).toBe(
      'Add the tour .zip and the positions .csv first.',
    );
    expect(submitBlock({ ...ready, hasZip: false })).toBe('Add the tour .zip first.');
    expect(submitBlock({ ...ready, hasCsv: false })).toBe('Add the positions .csv first.');
    expect(submitBlock({ ...ready, validating: true })).toBe('Checking the files…');
    expect(submitBlock({ ...ready, failed: true })).toBe('Fix the errors shown above first.');
  });
  it('is blocked while uploading and while a duplicate waits for Replace or Keep', () => {
    expect(submitBlock({ ...ready, uploading: true })).toBe('Uploading…');
    expect(submitBlock({ ...ready, duplicate: true })).toMatch(/already uploaded/);
  });
});
