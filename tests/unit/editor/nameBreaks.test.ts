import { describe, expect, it } from 'vitest';
import { nameParts } from '../../../src/editor/upload/nameBreaks';

describe('name breaks', () => {
  it('cuts after each separator and keeps every character', () => {
    expect(nameParts('prism_uat_newfield1')).toEqual(['prism_', 'uat_', 'newfield1']);
    expect(nameParts('0-prism_uat_newfield1')).toEqual(['0-', 'prism_', 'uat_', 'newfield1']);
    expect(nameParts('R0010023.JPG')).toEqual(['R0010023.', 'JPG']);
    expect(nameParts('site/a_b')).toEqual(['site/', 'a_', 'b']);
  });

  it('keeps runs of separators together and leaves names without any whole', () => {
    expect(nameParts('a__b--c')).toEqual(['a__', 'b--', 'c']);
    expect(nameParts('_lead')).toEqual(['_', 'lead']);
    expect(nameParts('trail_')).toEqual(['trail_']);
    expect(nameParts('Main Hall North')).toEqual(['Main Hall North']);
    expect(nameParts('')).toEqual([]);
  });
});
