import { describe, expect, it } from 'vitest';
import { type Intersection, Raycaster, Sprite, Vector3 } from 'three';
import { markSized, raycastDisc } from '../../../src/scene/spriteRaycast';

/** A sprite 0.4 ahead of the eye (as HotspotSprites places them) and a ray `deg` degrees to its side. */
function setup(deg: number) {
  const sprite = new Sprite();
  sprite.position.set(0, 0, -0.4);
  const a = (deg * Math.PI) / 180;
  const ray = new Raycaster(new Vector3(0, 0, 0), new Vector3(Math.sin(a), 0, -Math.cos(a)));
  const hits = (): Intersection[] => {
    const out: Intersection[] = [];
    raycastDisc.call(sprite, ray, out);
    return out;
  };
  return { sprite, hits };
}

describe('raycastDisc', () => {
  it('does not pick a sprite its frame has not sized, though three gives it a scale of one', () => {
    // At three's default scale the disc would be in every direction, even behind the eye.
    for (const deg of [40, 120]) {
      const { sprite, hits } = setup(deg);
      expect(sprite.scale.x).toBe(1);
      expect(hits()).toHaveLength(0);
    }
  });

  it('picks a sized sprite within half its size of the ray, and nothing beyond', () => {
    const { sprite, hits } = setup(2);
    sprite.scale.set(0.05, 0.05, 1);
    markSized(sprite, 0.05);
    expect(hits()).toHaveLength(1);
    expect(hits()[0]!.object).toBe(sprite);
    const far = setup(10);
    far.sprite.scale.set(0.05, 0.05, 1);
    markSized(far.sprite, 0.05);
    expect(far.hits()).toHaveLength(0);
  });

  it('stops picking a sprite sized to nothing (a frame before the view is known)', () => {
    const { sprite, hits } = setup(0);
    markSized(sprite, 0.05);
    expect(hits()).toHaveLength(1);
    sprite.scale.set(0, 0, 1);
    markSized(sprite, 0);
    expect(hits()).toHaveLength(0);
  });
});
