import { describe, expect, it } from 'vitest';
import { hotspotChanges } from '../../../server/services/hotspotEdit/hotspotChanges.ts';

const link = (target: string, yaw = 0, rotation = 0) => ({ yaw, pitch: 0, rotation, target });
const info = (info_id: string, title: string, yaw = 0, text = '') => ({ info_id, title, yaw, pitch: 0, text });

describe('hotspotChanges (the audit entries of one save)', () => {
  it('records nothing when nothing changed, whatever the order of the links', () => {
    const before = { links: [link('a'), link('b', 1)], infos: [info('i1', 'Tap')] };
    expect(hotspotChanges(before, { links: [link('b', 1), link('a')], infos: before.infos })).toEqual([]);
  });

  it('tells added, retargeted, moved and removed hotspots apart', () => {
    const before = { links: [link('a'), link('b', 1), link('c', 2)], infos: [info('i1', 'Tap'), info('i2', 'Old')] };
    const after = {
      links: [link('a', 0.5), link('d', 1), link('e', 3)],
      infos: [info('i1', 'Tap', 0, '<p>new</p>'), info('i3', 'New')],
    };
    expect(hotspotChanges(before, after)).toEqual([
      { action: 'hotspot.add', detail: { links: ['e'], infos: ['New'] } },
      { action: 'hotspot.edit', detail: { links: ['b -> d'], infos: ['Tap'] } },
      { action: 'hotspot.move', detail: { links: ['a'], infos: [] } },
      { action: 'hotspot.delete', detail: { links: ['c'], infos: ['Old'] } },
    ]);
  });

  it('counts a new landing view as an edit of the link, and the same one as no change', () => {
    const view = { yaw: 1, pitch: 0.1, fov: 1.2 };
    const before = { links: [{ ...link('a'), view }], infos: [] };
    expect(hotspotChanges(before, { links: [{ ...link('a'), view: { ...view } }], infos: [] })).toEqual([]);
    expect(hotspotChanges(before, { links: [link('a')], infos: [] })).toEqual([
      { action: 'hotspot.edit', detail: { links: ['a'], infos: [] } },
    ]);
  });

  it('counts a turned arrow as a move', () => {
    expect(hotspotChanges({ links: [link('a')], infos: [] }, { links: [link('a', 0, 1)], infos: [] })).toEqual([
      { action: 'hotspot.move', detail: { links: ['a'], infos: [] } },
    ]);
  });
});
