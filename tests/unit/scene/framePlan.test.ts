import { describe, expect, it } from 'vitest';
import { type QuadDraw, drawPlan, planFrame } from '../../../src/scene/framePlan';
import { type PyramidLevel, type TileId, tileKey } from '../../../src/scene/tileGrid';
import type { VisibleTile } from '../../../src/scene/visibleTiles';

const levels: PyramidLevel[] = [
  { tileSize: 256, size: 256, fallbackOnly: true },
  { tileSize: 512, size: 512 },
  { tileSize: 512, size: 1024 },
];
const view = { yaw: 0, pitch: 0, fov: Math.PI / 2 };
const vp = { width: 800, height: 600, dpr: 1 };
const preview = { width: 256, height: 1536 };
const summary = (d: QuadDraw) => `${d.kind}:${d.key}`;

describe('frame plan', () => {
  it('chooses the level for the view and draws every visible tile when all are drawable', () => {
    const plan = planFrame({ levels, view, vp, preview, isDrawable: () => true });
    expect(plan.level).toBe(2);
    expect(plan.complete).toBe(true);
    expect(plan.draws.every((d) => d.kind === 'tile' && d.tile.z === 2)).toBe(true);
    expect(plan.draws.map((d) => d.key).sort()).toEqual(plan.visible.map((v) => tileKey(v.tile)).sort());
  });

  it('lets the caller see the visible tiles (nearest first) before asking what is drawable', () => {
    const seen: VisibleTile[][] = [];
    const asked: string[] = [];
    planFrame({
      levels,
      view,
      vp,
      preview,
      want: (v) => seen.push([...v]),
      isDrawable: (t) => (asked.push(tileKey(t)), false),
    });
    expect(seen).toHaveLength(1);
    const d = seen[0]!.map((v) => v.distance);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(asked.length).toBeGreaterThan(0);
  });

  it('puts preview patches first, under tiles nothing loaded covers, then tiles coarse first', () => {
    const loaded = (t: TileId) => t.z === 1 && t.face === 'f';
    const plan = planFrame({ levels, view, vp, preview, isDrawable: loaded });
    expect(plan.complete).toBe(false);
    const kinds = plan.draws.map((d) => d.kind);
    expect(kinds.indexOf('tile')).toBeGreaterThan(kinds.lastIndexOf('preview'));
    // The front face's level-1 tile covers its level-2 tiles: no patch there, only on the other faces.
    const patches = plan.draws.filter((d) => d.kind === 'preview');
    expect(patches.length).toBeGreaterThan(0);
    expect(patches.some((d) => d.tile.face === 'f')).toBe(false);
    expect(plan.draws.filter((d) => d.kind === 'tile').map(summary)).toEqual(['tile:1/f/0/0']);
    // A patch samples its own face's square of the strip.
    const p = patches[0]!;
    if (p.kind !== 'preview') throw new Error('not a patch');
    expect(p.clamp).toMatchObject({ x: 0, w: 256, h: 256 });
  });

  it('draws no patches before the preview can be drawn', () => {
    const plan = planFrame({ levels, view, vp, preview: null, isDrawable: () => false });
    expect(plan.draws).toEqual([]);
    expect(plan.complete).toBe(false);
  });

  it('hands a plan to a drawer as start, each quad in order, end', () => {
    const plan = planFrame({ levels, view, vp, preview, isDrawable: (t) => t.z === 1 && t.face === 'f' });
    const calls: string[] = [];
    drawPlan(plan, {
      startLayer: () => calls.push('start'),
      drawQuad: (d) => calls.push(summary(d)),
      endLayer: () => calls.push('end'),
    });
    expect(calls).toEqual(['start', ...plan.draws.map(summary), 'end']);
  });
});
