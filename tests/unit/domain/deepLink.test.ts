import { describe, expect, it } from 'vitest';
import { buildViewerSearch, parseViewerLink } from '../../../contract/viewerLink';
import { movedLink, sameScene } from '../../../src/domain/viewer/deepLink';

describe('deep links', () => {
  it('round-trips site, floor, date, node and view', () => {
    const link = {
      site: 'farm',
      floor: 2,
      date: '2024-03-12',
      node: 'n-1',
      view: { yaw: 1.2345, pitch: -0.25, fov: 1.1 },
    };
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

describe('viewer moves', () => {
  const here = { site: 'farm', floor: 1, date: '2024-03-12', node: 'n-1', view: { yaw: 1 } };
  it('a new floor or date drops the scene and the view', () => {
    expect(movedLink(here, { floor: 2 })).toEqual({ site: 'farm', floor: 2, date: '2024-03-12', node: undefined });
    expect(movedLink(here, { date: '2023-01-01' })).toEqual({
      site: 'farm',
      floor: 1,
      date: '2023-01-01',
      node: undefined,
    });
    expect(movedLink(here, { date: null })).toEqual({ site: 'farm', floor: 1, date: undefined, node: undefined });
  });
  it('the same floor or date keeps the scene; a node move names the scene and may carry a view', () => {
    expect(movedLink(here, { floor: 1 })).toEqual({ site: 'farm', floor: 1, date: '2024-03-12', node: 'n-1' });
    expect(movedLink(here, { node: 'n-2', view: { yaw: 2 } })).toEqual({
      site: 'farm',
      floor: 1,
      date: '2024-03-12',
      node: 'n-2',
      view: { yaw: 2 },
    });
    expect(movedLink(here, { floor: 3, node: 'n-9' }).node).toBe('n-9');
  });
});
