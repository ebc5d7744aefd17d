// Each photo's progress in a photo upload's job, and the overall sum, as GET /api/site/{site}/jobs/{job} tells
// them (jobs.detail, progress_done/total). Pure: photoProgressWriter.ts stores it.
import type { PhotoProgress } from '../../contract/api.ts';

export class PhotoProgressBoard {
  readonly photos: PhotoProgress[];

  /** `totals`: each photo's tile count, known from its header before any is tiled. */
  constructor(names: string[], totals: number[]) {
    this.photos = names.map((name, i) => ({ name, state: 'queued', done: 0, total: totals[i] }));
  }

  tiling(i: number, done: number): void {
    const p = this.photos[i];
    this.photos[i] = { ...p, state: done >= p.total ? 'done' : 'tiling', done };
  }

  failed(i: number, error: string): void {
    this.photos[i] = { ...this.photos[i], state: 'failed', error };
  }

  overall(): { done: number; total: number } {
    return {
      done: this.photos.reduce((n, p) => n + p.done, 0),
      total: this.photos.reduce((n, p) => n + p.total, 0),
    };
  }
}
