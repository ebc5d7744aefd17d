// A scene's hotspots by the one rule of the page's first-view block and the viewer: ids, labels, bounds, and what a
// page's block may hold.
import { describe, expect, it } from 'vitest';
import {
  PAGE_HOTSPOT_TEXT_MAX,
  PAGE_HOTSPOTS_MAX,
  pageHotspots,
  readPageHotspots,
  sceneHotspots,
} from '../../../contract/sceneHotspots';

const node = {
  manta_link: '/media/tiles/',
  link_hotspots: [
    { yaw: 1, pitch: 0.1, rotation: 0.5, target: 'b' },
    { yaw: 2, pitch: 0, rotation: 0, target: 'gone' },
  ],
  info_hotspots: [{ info_id: 'i1', title: 'Boiler', yaw: -1, pitch: 0.2 }],
};

describe('sceneHotspots', () => {
  it('names each link after its target scene (its tiles id when unknown), links first', () => {
    const list = sceneHotspots(
      node,
      (id) => (id === 'b' ? 'Barn' : undefined),
      (id) => (id === 'b' ? 'avif' : undefined),
    );
    expect(list).toEqual([
      {
        kind: 'link',
        id: 'link-0-b',
        yaw: 1,
        pitch: 0.1,
        rotation: 0.5,
        label: 'Barn',
        target: { mantaLink: '/media/tiles/', tilesId: 'b', format: 'avif' },
      },
      expect.objectContaining({ kind: 'link', id: 'link-1-gone', label: 'gone' }),
      { kind: 'info', id: 'i1', yaw: -1, pitch: 0.2, title: 'Boiler' },
    ]);
  });
});

describe('pageHotspots', () => {
  it('keeps at most PAGE_HOTSPOTS_MAX, cuts long texts, and leaves out what it cannot name whole', () => {
    const many = Array.from({ length: PAGE_HOTSPOTS_MAX + 5 }, (_, i) => ({
      kind: 'info' as const,
      id: `i${i}`,
      yaw: 0,
      pitch: 0,
      title: 't'.repeat(PAGE_HOTSPOT_TEXT_MAX + 1),
    }));
    const long = { kind: 'info' as const, id: 'x'.repeat(PAGE_HOTSPOT_TEXT_MAX + 1), yaw: 0, pitch: 0 };
    const out = pageHotspots([long, ...many]);
    expect(out).toHaveLength(PAGE_HOTSPOTS_MAX);
    expect(out[0]).toMatchObject({ id: 'i0', title: 't'.repeat(PAGE_HOTSPOT_TEXT_MAX) });
  });
});

describe('readPageHotspots', () => {
  it('keeps well-formed hotspots and drops the rest', () => {
    const good = sceneHotspots(node, () => 'Barn');
    expect(readPageHotspots(good)).toEqual(good);
    expect(readPageHotspots(undefined)).toEqual([]);
    expect(readPageHotspots({ length: 1 })).toEqual([]);
    expect(
      readPageHotspots([
        null,
        { kind: 'info', id: 'a', yaw: Number.NaN, pitch: 0 },
        { kind: 'info', id: 'b', yaw: 0, pitch: 0, title: 3 },
        { kind: 'link', id: 'c', yaw: 0, pitch: 0, rotation: 'x' },
        { kind: 'link', id: 'd', yaw: 0, pitch: 0, target: { tilesId: 'b' } },
        { kind: 'other', id: 'e', yaw: 0, pitch: 0 },
        { kind: 'info', id: 'ok', yaw: 0, pitch: 0 },
      ]),
    ).toEqual([{ kind: 'info', id: 'ok', yaw: 0, pitch: 0 }]);
  });
});
