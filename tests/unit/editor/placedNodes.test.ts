import { describe, expect, it } from 'vitest';
import type { Minimap, MinimapNodeEntry } from '../../../contract/api';
import { PLAN } from '../planFixture';
import { placedOfScene, placeNodes, toDraft } from '../../../src/editor/minimap/placedNodes';

const plan = PLAN as unknown as Minimap;

const node = (id: string, x: number, y: number, title: string, rotation = 0) =>
  ({
    _id: id,
    x,
    y,
    rotation,
    minimap_node: { title, tiles_name: `tiles ${id}`, tiles_id: `t-${id}` },
  }) as unknown as MinimapNodeEntry;

describe('placed nodes', () => {
  it('puts each node where the plan shows it, named by its title or else its tiles name', () => {
    const placed = placeNodes([node('a', 200, 100, 'Barn'), node('b', 400, 200, '')], plan);
    expect(placed.map((p) => [p.name, p.left, p.top])).toEqual([
      ['Barn', 25, 25],
      ['tiles b', 50, 50],
    ]);
    expect(placeNodes([node('a', 1, 1, 'A')], undefined)).toEqual([]);
  });

  it('hands the editor rounded percent and whole degrees, and finds the scene on screen', () => {
    const [p] = placeNodes([node('a', 100, 100, 'Barn', Math.PI / 2)], plan);
    expect(toDraft({ ...p, left: 12.3456, top: 7.891 })).toEqual({ id: 'a', left: 12.35, top: 7.89, rotationDeg: 90 });
    expect(placedOfScene([p], 't-a')).toBe(p);
    expect(placedOfScene([p], null)).toBeUndefined();
  });
});
