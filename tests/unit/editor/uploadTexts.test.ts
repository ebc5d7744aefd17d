import { describe, expect, it } from 'vitest';
import { uploadTitle } from '../../../src/editor/upload/uploadTitle';
import { progressPhase, progressText } from '../../../src/editor/upload/uploadProgress';

const nameOf = (n: number) => ['Ground Floor', 'Upper Floor'][n] ?? `Floor ${n}`;

describe('upload page title', () => {
  it('names the page’s floor while the CSV agrees, else the CSV’s floors', () => {
    expect(uploadTitle([], 0, nameOf)).toBe('Add Scenes - Ground Floor');
    expect(uploadTitle([1], 1, nameOf)).toBe('Add Scenes - Upper Floor');
    expect(uploadTitle([1], 0, nameOf)).toBe('Add Scenes - Upper Floor (from the CSV)');
    expect(uploadTitle([0, 1, 3], 0, nameOf)).toBe('Add Scenes - Ground Floor, Upper Floor, Floor 3 (from the CSV)');
  });
});

describe('upload progress texts', () => {
  it('counts the bytes, then the server’s tiles once it tells them', () => {
    expect(progressText(0, null)).toBe('Uploading… 0%');
    expect(progressText(99, { done: 0, total: 10 })).toBe('Uploading… 99%');
    expect(progressText(100, null)).toBe('Processing the scenes on the server…');
    expect(progressText(100, { done: 0, total: 0 })).toBe('Processing the scenes on the server…');
    expect(progressText(100, { done: 4, total: 10 })).toBe('Processing the scenes on the server… 4 of 10 tiles');
    expect(progressPhase(42)).toBe('Uploading the export…');
    expect(progressPhase(100)).toBe('Processing the scenes on the server…');
  });
});
