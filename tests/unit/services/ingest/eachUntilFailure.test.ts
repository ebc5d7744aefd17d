// A bounded pool that stops starting items after a failure and reports it once every running item has stopped.
import { describe, expect, it } from 'vitest';
import { eachUntilFailure } from '../../../../server/services/ingest/eachUntilFailure.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('eachUntilFailure', () => {
  it('runs every item, never more than `parallel` at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await eachUntilFailure(10, 3, async (i) => {
      most = Math.max(most, ++running);
      await tick();
      running--;
      done.push(i);
    });
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(3);
  });

  it('starts nothing after a failure and throws it only once the running items have ended', async () => {
    const started: number[] = [];
    let running = 0;
    let runningAtThrow = -1;
    const failure = eachUntilFailure(10, 2, async (i) => {
      started.push(i);
      running++;
      await tick();
      running--;
      if (i === 1) throw new Error('item 1');
    });
    await expect(failure.catch((e: Error) => ((runningAtThrow = running), Promise.reject(e)))).rejects.toThrow(
      'item 1',
    );
    expect(runningAtThrow).toBe(0);
    expect(started.length).toBeLessThanOrEqual(3);
  });
});
