import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../../src/ui/fileSize';

describe('file sizes', () => {
  it('switches from bytes to kb at 1024 and from kb to mb at 1048576', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1023)).toBe('1023 bytes');
    expect(formatFileSize(1024)).toBe('1.0 kb');
    expect(formatFileSize(1048575)).toBe('1024.0 kb');
    expect(formatFileSize(1048576)).toBe('1.0 mb');
    expect(formatFileSize(5 * 1048576 + 524288)).toBe('5.5 mb');
    expect(formatFileSize(-1)).toBe('0 bytes');
  });
});
