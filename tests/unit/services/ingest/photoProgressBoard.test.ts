// Each photo's progress and the overall sum, as a photo job's status tells them.
import { describe, expect, it } from 'vitest';
import { PhotoProgressBoard } from '../../../../server/jobs/photoProgressBoard.ts';

describe('PhotoProgressBoard', () => {
  it('starts queued with every total known, sums the photos, marks a photo done at its total', () => {
    const b = new PhotoProgressBoard(['a.jpg', 'b.jpg'], [7, 31]);
    expect(b.overall()).toEqual({ done: 0, total: 38 });
    b.tiling(1, 10);
    b.tiling(0, 7);
    expect(b.photos).toEqual([
      { name: 'a.jpg', state: 'done', done: 7, total: 7 },
      { name: 'b.jpg', state: 'tiling', done: 10, total: 31 },
    ]);
    expect(b.overall()).toEqual({ done: 17, total: 38 });
  });

  it('keeps a failed photo failed with its reason', () => {
    const b = new PhotoProgressBoard(['a.jpg'], [7]);
    b.tiling(0, 3);
    b.failed(0, '"a.jpg" does not decode');
    expect(b.photos[0]).toEqual({
      name: 'a.jpg',
      state: 'failed',
      done: 3,
      total: 7,
      error: '"a.jpg" does not decode',
    });
  });
});
