import { describe, expect, it } from 'vitest';
import type { Pin } from '../../../contract/api';
import {
  applyLocalPinChanges,
  defaultPinOf,
  insideMap,
  isValidUrl,
  missingMessage,
  missingPinFields,
  missingSitemapFields,
  newPinAt,
  toPercent,
} from '../../../src/domain/pinRules';

describe('pin move bounds', () => {
  it('accepts only x and y strictly between 0 and 100', () => {
    expect(insideMap({ x: 50, y: 50 })).toBe(true);
    expect(insideMap({ x: 0.01, y: 99.99 })).toBe(true);
    for (const p of [
      { x: 0, y: 50 },
      { x: 100, y: 50 },
      { x: 50, y: 0 },
      { x: 50, y: 100 },
      { x: -3, y: 50 },
      { x: 50, y: 101 },
    ])
      expect(insideMap(p)).toBe(false);
  });
  it('converts a click to percent of the drawn map', () => {
    expect(toPercent(200, 150, 800, 600)).toEqual({ x: 25, y: 25 });
  });
});

describe('pin modal', () => {
  const ok = { name: 'Barn', icon: 'farm', externalOn: false, externalUrl: '' };
  it('needs a name and an icon (plus is no icon)', () => {
    expect(missingPinFields(ok)).toEqual([]);
    expect(missingPinFields({ ...ok, name: '  ', icon: 'plus' })).toEqual(['- A name', '- An Icon']);
  });
  it('needs a valid URL when the external link is on', () => {
    expect(missingPinFields({ ...ok, externalOn: true })).toEqual(['- An External URL']);
    expect(missingPinFields({ ...ok, externalOn: true, externalUrl: 'not a url' })).toEqual(['- A Valid URL']);
    expect(missingPinFields({ ...ok, externalOn: true, externalUrl: 'https://example.org/x' })).toEqual([]);
    expect(isValidUrl('javascript:alert(1)')).toBe(false);
  });
  it('formats the alert', () => {
    expect(missingMessage(['- A name', '- An Icon'])).toBe('You are missing the following:\n- A name\n- An Icon');
  });
  it('site-map modal needs an image and a map name', () => {
    expect(missingSitemapFields({ name: '', hasImage: false })).toEqual(['- An image', '- A map name']);
    expect(missingSitemapFields({ name: 'North', hasImage: true })).toEqual([]);
  });
  it('new pins start disabled with empty _id and site; new maps get the default pin', () => {
    expect(newPinAt(10, 20, 'default')).toMatchObject({
      _id: '',
      site: '',
      enabled: false,
      x: 10,
      y: 20,
      sitemap: 'default',
    });
    expect(defaultPinOf('North')).toEqual({
      x: 50,
      y: 50,
      enabled: true,
      icon: 'farm',
      name: 'default pin',
      cover_image: '',
      sitemap: 'North',
      site_name: '',
    });
  });
});

describe('local pin changes', () => {
  const pin = (id: string): Pin => ({
    _id: id,
    site: id,
    name: id,
    x: 1,
    y: 1,
    icon: 'farm',
    cover_image: '',
    enabled: true,
    sitemap: 'default',
    site_name: id,
  });
  it('hides deleted pins and applies local patches', () => {
    const out = applyLocalPinChanges(
      [pin('a'), pin('b'), pin('c')],
      new Set(['b']),
      new Map([['c', { enabled: false }]]),
    );
    expect(out.map((p) => [p._id, p.enabled])).toEqual([
      ['a', true],
      ['c', false],
    ]);
  });
});
