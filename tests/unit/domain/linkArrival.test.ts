// Walking through a link: its target, at the link's landing view turned by the site's offset, or the target's own.
import { describe, expect, it } from 'vitest';
import { linkArrival } from '../../../src/domain/viewer/linkArrival';
import { movedLink } from '../../../src/domain/viewer/deepLink';

describe('linkArrival', () => {
  it('goes to the target at its own start view when the link names none', () => {
    expect(linkArrival({ target: 'b' }, 0.3)).toEqual({ node: 'b' });
    // A view in the link from the scene before is not carried over.
    expect(movedLink({ node: 'a', view: { yaw: 1 } }, linkArrival({ target: 'b' }))).toEqual({ node: 'b' });
  });
  it("lands at the link's view, turned by the site's rotation offset like a start view", () => {
    expect(linkArrival({ target: 'b', view: { yaw: 1, pitch: 0.2, fov: 1.1 } }, 0.5)).toEqual({
      node: 'b',
      view: { yaw: 1.5, pitch: 0.2, fov: 1.1 },
    });
  });
});
