import { describe, expect, it } from 'vitest';
import { openingView } from '../../../contract/initialView';

const own = { yaw: 0.5, pitch: 0.1, fov: 1.4 };
const scene = (tiles_id: string) => ({ tiles_id, initial_parameters: own });
const start = { pano_id: 'b', yaw: 1, pitch: 0.2, fov: 1.2, rotation_offset: 0.25 };

describe('openingView', () => {
  it("opens the site's start scene at the start view on a visit whose link names no scene", () => {
    expect(openingView(scene('b'), start, {})).toEqual({ yaw: 1, pitch: 0.2, fov: 1.2 });
  });

  it("keeps another scene's own view, turned by the offset, on such a visit", () => {
    expect(openingView(scene('a'), start, {})).toEqual({ yaw: 0.75, pitch: 0.1, fov: 1.4 });
  });

  it('without a start scene set, the scene opens at its own view (the numbers are only defaults)', () => {
    expect(openingView(scene('a'), { ...start, pano_id: '' }, {})).toEqual({ yaw: 0.75, pitch: 0.1, fov: 1.4 });
  });

  it("a link that names the start scene opens at the link's view over the scene's own, not the start view", () => {
    expect(openingView(scene('b'), start, { node: 'b', view: { yaw: 2 } })).toEqual({ yaw: 2, pitch: 0.1, fov: 1.4 });
    expect(openingView(scene('b'), start, { node: 'b' })).toEqual({ yaw: 0.75, pitch: 0.1, fov: 1.4 });
  });

  it("a link's view for another scene is not applied", () => {
    expect(openingView(scene('a'), start, { node: 'b', view: { yaw: 2 } })).toEqual({
      yaw: 0.75,
      pitch: 0.1,
      fov: 1.4,
    });
  });
});
