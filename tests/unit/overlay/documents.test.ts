import { describe, expect, it } from 'vitest';
import { documentUploadError } from '../../../src/overlay/documentation/DocumentUploadForm';

describe('documentation', () => {
  it('refuses a missing file and anything that is not a zip by type or name', () => {
    expect(documentUploadError(null)).toBe('Please select a file before submitting.');
    expect(documentUploadError(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe('Please select a ZIP file.');
    expect(documentUploadError(new File(['x'], 'docs.zip', { type: '' }))).toBeNull();
    expect(documentUploadError(new File(['x'], 'docs', { type: 'application/zip' }))).toBeNull();
  });
});
