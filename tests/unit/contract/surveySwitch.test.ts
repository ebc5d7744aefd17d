import { describe, expect, it } from 'vitest';
import { surveyScene } from '../surveyScene';
import { keptView, nearestNode, planSwitch, wrapYaw, type PlanNode } from '../../../contract/surveySwitch';
import { coneHeadingDegrees } from '../../../src/domain/nodeRotation';

const scene = surveyScene;
const at = (tiles: string, n: number, x: number, y: number, rotation = 0): PlanNode => ({
  x,
  y,
  rotation,
  minimap_node: { tiles_id: tiles, node_number: n },
});

describe('switching date or floor', () => {
  it('wraps yaw into (-π, π]', () => {
    expect(wrapYaw(0)).toBe(0);
    expect(wrapYaw(Math.PI)).toBeCloseTo(Math.PI);
    expect(wrapYaw(-Math.PI)).toBeCloseTo(Math.PI);
    expect(wrapYaw((3 * Math.PI) / 2)).toBeCloseTo(-Math.PI / 2);
    expect(wrapYaw((-5 * Math.PI) / 2)).toBeCloseTo(-Math.PI / 2);
  });

  it('finds the nearest node by plan position; ties go to the lower node number', () => {
    const nodes = [at('a', 2, 0, 0), at('b', 1, 10, 60), at('c', 0, 100, 0)];
    expect(nearestNode({ x: 8, y: 50 }, nodes)?.minimap_node.tiles_id).toBe('b');
    expect(nearestNode({ x: 60, y: 0 }, nodes)?.minimap_node.tiles_id).toBe('c');
    expect(nearestNode({ x: 50, y: 0 }, nodes)?.minimap_node.tiles_id).toBe('c'); // 50 from a and from c
    expect(nearestNode({ x: 0, y: 0 }, [])).toBeNull();
    expect(nearestNode({ x: 0, y: 0 }, [at('n', 0, Number.NaN, 0)])).toBeNull();
  });

  it('keeps the world heading: the minimap cone points the same way before and after', () => {
    const view = { yaw: 1.4, pitch: 0.1, fov: 1.2 };
    const from = 0.5,
      to = -0.75,
      offset = -0.785;
    const after = keptView(view, from, to);
    expect(after.pitch).toBe(0.1);
    expect(after.fov).toBe(1.2);
    expect(after.yaw).toBeCloseTo(2.65);
    expect(coneHeadingDegrees(after.yaw, to, offset)).toBeCloseTo(coneHeadingDegrees(view.yaw, from, offset));
    // Past a half turn the yaw wraps, the heading stays.
    const wrapped = keptView({ yaw: 3, pitch: 0, fov: 1 }, 1, 0);
    expect(wrapped.yaw).toBeCloseTo(4 - 2 * Math.PI);
    expect(coneHeadingDegrees(wrapped.yaw, 0, 0)).toBeCloseTo(coneHeadingDegrees(3, 1, 0));
  });

  it('opens the target survey scene nearest the one on screen, at the kept view', () => {
    const from = {
      tilesId: 'old-b',
      nodes: [at('old-a', 0, 0, 0, 0.2), at('old-b', 1, 90, 40, 0.3)],
      view: { yaw: 1, pitch: -0.2, fov: 1.1 },
    };
    const scenes = [scene('new-a', 0), scene('new-b', 1), scene('new-c', 2)];
    // new-c is nearest but has no scene in the target survey: it is not a candidate.
    const nodes = [at('new-a', 0, 5, 5, 0), at('new-b', 1, 70, 50, -0.4), at('gone', 3, 90, 40, 0)];
    const plan = planSwitch(from, { scenes, nodes, initialPano: 'new-a' });
    expect(plan?.node).toBe('new-b');
    expect(plan?.view?.yaw).toBeCloseTo(1 + 0.3 + 0.4);
    expect(plan?.view).toMatchObject({ pitch: -0.2, fov: 1.1 });
  });

  it('without plan positions falls back to the initial scene and still keeps the heading', () => {
    const scenes = [scene('new-a', 0), scene('new-b', 1)];
    const noHere = planSwitch(
      { tilesId: 'x', nodes: [], view: { yaw: 0.5, pitch: 0, fov: 1 } },
      { scenes, nodes: [at('new-b', 1, 0, 0, 0.25)], initialPano: 'new-b' },
    );
    expect(noHere?.node).toBe('new-b');
    expect(noHere?.view?.yaw).toBeCloseTo(0.25);
    const noView = planSwitch(
      { tilesId: 'x', nodes: [at('x', 0, 1, 1)], view: null },
      { scenes, nodes: [], initialPano: undefined },
    );
    expect(noView).toEqual({ node: 'new-a', view: null });
    expect(planSwitch({ tilesId: 'x', nodes: [], view: null }, { scenes: [], nodes: [] })).toBeNull();
  });
});
