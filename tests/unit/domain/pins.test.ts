import { describe, expect, it } from 'vitest';
import type { Pin } from '../../../contract/api';
import {
  CURRENT_SITEMAP_KEY,
  groupPinsBySitemap,
  pinTarget,
  readCurrentSitemap,
  visiblePins,
  writeCurrentSitemap,
} from '../../../src/domain/pins';

const pin = (p: Partial<Pin>): Pin => ({
  _id: 'x',
  site: 's',
  name: 'n',
  x: 50,
  y: 50,
  icon: 'farm',
  cover_image: '',
  enabled: true,
  sitemap: 'default',
  site_name: '',
  ...p,
});
const pins = [
  pin({ _id: 'a', name: 'Barn', sitemap: 'default' }),
  pin({ _id: 'b', name: 'Hidden', sitemap: 'default', enabled: false }),
  pin({ _id: 'c', name: 'Dairy', sitemap: 'North' }),
  pin({ _id: 'd', name: 'Apiary', sitemap: 'North' }),
];

describe('multi-site pins', () => {
  it('shows enabled pins of the current map only; administrators also see disabled ones', () => {
    expect(visiblePins(pins, 'default', false).map((p) => p._id)).toEqual(['a']);
    expect(visiblePins(pins, 'default', true).map((p) => p._id)).toEqual(['a', 'b']);
    expect(visiblePins(pins, 'North', false).map((p) => p._id)).toEqual(['c', 'd']);
  });
  it('groups pins by sitemap name for the see more / see less list', () => {
    expect(groupPinsBySitemap(pins, false).map((g) => [g.sitemap, g.pins.map((p) => p.name)])).toEqual([
      ['default', ['Barn']],
      ['North', ['Apiary', 'Dairy']],
    ]);
  });
  it('sends a visitor to the external URL if set, else to /site/{site}/site', () => {
    expect(pinTarget(pin({ external_url: 'https://example.org/' }))).toEqual({
      external: true,
      url: 'https://example.org/',
    });
    expect(pinTarget(pin({ site: 'farm one' }))).toEqual({ external: false, path: '/site/farm%20one/site' });
  });
  it('remembers the current map under currentSitemap', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(readCurrentSitemap(storage)).toBe('default');
    writeCurrentSitemap('North', storage);
    expect(store.get(CURRENT_SITEMAP_KEY)).toBe('North');
    expect(readCurrentSitemap(storage)).toBe('North');
  });
});
