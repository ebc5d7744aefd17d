import { describe, expect, it } from 'vitest';
import { clipName } from '../../../src/domain/clipName';

describe('clipName', () => {
  it('keeps a name that fits and cuts a longer one to whole characters with an ellipsis', () => {
    expect(clipName('Demo Farm', 32)).toBe('Demo Farm');
    expect(clipName('x'.repeat(200), 32)).toBe(`${'x'.repeat(31)}…`);
    // Astral characters (an emoji is two UTF-16 units) are never cut in half.
    expect(clipName('🐄'.repeat(40), 32)).toBe(`${'🐄'.repeat(31)}…`);
  });
});
