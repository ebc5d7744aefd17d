// The outage log: one line when the database goes away, a count every 10 s, one line when a probe finds it back;
// errors of other causes are left to the caller, and background failures are not counted as refused answers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatabaseOutage } from '../../../server/db/outage.ts';
import { fromTheDatabase } from '../../../server/db/errorOrigin.ts';

const refused = () => fromTheDatabase(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));

describe('DatabaseOutage', () => {
  let lines: { level: string; obj: Record<string, unknown>; msg: string }[];
  let up: boolean;
  let outage: DatabaseOutage;
  beforeEach(() => {
    vi.useFakeTimers();
    lines = [];
    up = false;
    outage = new DatabaseOutage();
    const log = (level: string) => (obj: Record<string, unknown>, msg: string) => lines.push({ level, obj, msg });
    outage.watchWith(
      async () => {
        if (!up) throw refused();
      },
      { error: log('error'), warn: log('warn') } as never,
    );
  });
  afterEach(() => {
    outage.close();
    vi.useRealTimers();
  });

  it('logs the outage once, then counts, then its end', async () => {
    for (let i = 0; i < 50; i++) expect(outage.failed(refused())).toBe(true);
    expect(outage.failed(refused(), 'background')).toBe(true);
    expect(lines.map((l) => l.msg)).toEqual([
      'database unavailable: requests that need it are answered 503 until it answers again',
    ]);
    expect(lines[0].obj).toEqual({ cause: 'connect ECONNREFUSED', code: 'ECONNREFUSED' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lines[1]).toMatchObject({ msg: 'database still unavailable', obj: { refused: 50, refusedInAll: 50 } });
    outage.failed(refused());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lines[2]).toMatchObject({ msg: 'database still unavailable', obj: { refused: 1, refusedInAll: 51 } });
    up = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lines[3]).toMatchObject({ msg: 'database answers again', obj: { refusedInAll: 51 } });
    expect(outage.active).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lines).toHaveLength(4);
    // A new outage is a new first line.
    up = false;
    outage.failed(refused());
    expect(lines.at(-1)!.msg).toMatch(/^database unavailable/);
  });

  it('leaves every other error to the caller', () => {
    expect(outage.failed(new Error('syntax error'))).toBe(false);
    expect(outage.failed(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(outage.active).toBe(false);
    expect(lines).toEqual([]);
  });
});
