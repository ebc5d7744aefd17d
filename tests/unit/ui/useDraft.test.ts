import { describe, expect, it } from 'vitest';
import { nextDraft } from '../../../src/ui/useDraft';

describe('nextDraft', () => {
  it('follows the stored value while untouched', () => {
    expect(nextDraft('Ground Floor', 'Ground Floor', 'Floor 0')).toBe('Floor 0');
  });
  it('keeps what was typed when the stored value moves underneath', () => {
    expect(nextDraft('Will not stick', 'Ground Floor East', 'Floor 0')).toBe('Will not stick');
  });
});
