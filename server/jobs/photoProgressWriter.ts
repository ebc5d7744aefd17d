// Stores a photo job's progress board in its row: at most every `everyMs` while tiles are written (each write is a
// row update any instance may read), in order, and at once when asked (a photo failed, all are staged).
import type { DB } from '../db/database.ts';
import type { PhotoProgressBoard } from './photoProgressBoard.ts';

export class PhotoProgressWriter {
  private lastWrite = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DB,
    private readonly jobId: string,
    private readonly board: PhotoProgressBoard,
    private readonly everyMs: number,
  ) {}

  /** A tile was written: stored unless the last write is recent. */
  changed(): void {
    if (Date.now() - this.lastWrite < this.everyMs) return;
    void this.flush();
  }

  /** Stores the board now (after the writes queued before it); a write that fails is dropped (progress is advisory). */
  flush(): Promise<void> {
    this.lastWrite = Date.now();
    const detail = JSON.stringify(this.board.photos);
    const { done, total } = this.board.overall();
    this.chain = this.chain
      .then(() =>
        this.db
          .updateTable('jobs')
          .set({ detail, progress_done: done, progress_total: total, updated_at: new Date().toISOString() })
          .where('id', '=', this.jobId)
          .where('state', '=', 'running')
          .execute(),
      )
      .then(
        () => undefined,
        () => undefined,
      );
    return this.chain;
  }
}
