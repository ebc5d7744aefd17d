import { describe, expect, it } from 'vitest';
import { buildViewerSearch, parseViewerLink, sameScene } from '../../../src/state/deepLink';

describe('deep links', () => {
  it('round-trips site, floor, date, node and view', () => {
    const link = { site: 'farm', floor: 2, date: '2024-03-12', node: 'n-1', view: { yaw: 1.2345, pitch: -0.25, fov: 1.1 } };
    expect(parseViewerLink(buildViewerSearch(link))).toEqual(link);
  });
  it('rounds view numbers to 4 decimals and keeps unrelated parameters', () => {
    const s = buildViewerSearch({ node: 'a', view: { yaw: 0.123456789 } }, 'kiosk=1&floor=3');
    expect(s).toBe('kiosk=1&node=a&yaw=0.1235');
    expect(parseViewerLink(s).kiosk).toBe(true);
  });
  it('ignores malformed values instead of passing them on', () => {
    expect(parseViewerLink('?floor=abc&date=12/03/2024&yaw=&fov=-1&node=')).toEqual({ view: {} });
    expect(parseViewerLink('?floor=-1')).toEqual({ floor: 0 });
    expect(parseViewerLink('?floor=1.5')).toEqual({});
  });
  it('compares scenes without the view', () => {
    expect(sameScene({ node: 'a', floor: 1 }, { node: 'a', floor: 1, view: { yaw: 1 } })).toBe(true);
    expect(sameScene({ node: 'a' }, { node: 'b' })).toBe(false);
  });
});
