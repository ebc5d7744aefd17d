import { describe, expect, it } from 'vitest';
import { matchesSearch } from '../../../src/overlay/documentation/search';
import { documentUploadError } from '../../../src/overlay/documentation/DocumentUploadForm';

describe('documentation', () => {
  it('matches every word of the search, ignoring case', () => {
    expect(matchesSearch('Pump manual.pdf', 'pump')).toBe(true);
    expect(matchesSearch('Pump manual.pdf', 'MANUAL pump')).toBe(true);
    expect(matchesSearch('Pump manual.pdf', 'fire')).toBe(false);
  });
  it('refuses a missing file and anything that is not a zip by type or name', () => {
    expect(documentUploadError(null)).toBe('Please select a file before submitting.');
    expect(documentUploadError(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe('Please select a ZIP file.');
    expect(documentUploadError(new File(['x'], 'docs.zip', { type: '' }))).toBeNull();
    expect(documentUploadError(new File(['x'], 'docs', { type: 'application/zip' }))).toBeNull();
  });
});
