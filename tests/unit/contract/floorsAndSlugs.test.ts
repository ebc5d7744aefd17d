import { describe, expect, it } from 'vitest';
import { NO_FLOORS, floorOrZero } from '../../../contract/floors';
import { baseSceneSlug, idSlug, sceneFolderName, sceneSlug } from '../../../contract/slugs';
import { baseLetters } from '../../../contract/baseLetters';

describe('floors', () => {
  it('reads -1 (no floors yet) as floor 0 and keeps every other floor', () => {
    expect(floorOrZero(NO_FLOORS)).toBe(0);
    expect(floorOrZero(0)).toBe(0);
    expect(floorOrZero(3)).toBe(3);
  });
});

describe('slugs', () => {
  it("turns a scene name into the Marzipano Tool's folder slug", () => {
    expect(sceneSlug('Hall A')).toBe('hall-a');
    expect(sceneSlug('prism_uat-1')).toBe('prism_uat-1');
    expect(sceneSlug('Café (west)')).toBe('caf---west-');
  });

  it('strips the numeric prefix of a scene folder id only', () => {
    expect(sceneFolderName('12-hall-a')).toBe('hall-a');
    expect(sceneFolderName('hall-12-a')).toBe('hall-12-a');
    expect(sceneFolderName('0-1-b')).toBe('1-b');
  });

  it('makes URL-safe ids of at most 40 characters, with a fallback', () => {
    expect(idSlug('  Café du Nord!  ', 'site')).toBe('cafe-du-nord');
    expect(idSlug('a_b', 'site')).toBe('a-b');
    expect(idSlug('x'.repeat(60), 'site')).toHaveLength(40);
    expect(idSlug('***', 'scene')).toBe('scene');
  });
});

describe('letters as their base letter', () => {
  it.each([
    ['Lotización', 'lotizacion'],
    ['Área Común Nº 3', 'area-comun-no-3'],
    ['Straße', 'strasse'],
    ['Søndre Ærø', 'sondre-aero'],
    ['Łódź', 'lodz'],
    ['Œuvre Þing Đakovo', 'oeuvre-thing-dakovo'],
    ['İstanbul ħal', 'istanbul-hal'],
    ['ＡＢＣ ﬁle', 'abc-file'],
    // Decomposed, as a Mac writes file names.
    ['Lotizacio\u0301n', 'lotizacion'],
  ])('makes the id of %s %s', (name, id) => {
    expect(idSlug(name, 'site')).toBe(id);
  });

  it('keeps case and non-Latin text apart from the marks', () => {
    expect(baseLetters('Ça Straße')).toBe('Ca Strasse');
    expect(baseLetters('東京')).toBe('東京');
    expect(idSlug('東京', 'site')).toBe('site');
  });

  it("matches a folder named either way: the Tool's slug or the base letters", () => {
    expect(sceneSlug('Café (west)')).toBe('caf---west-');
    expect(baseSceneSlug('Café (west)')).toBe('cafe--west-');
    expect(baseSceneSlug('Lotización_Norte')).toBe('lotizacion_norte');
  });
});
