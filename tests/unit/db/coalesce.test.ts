// Edits of one key merged while a statement for it is in flight; other keys and lone edits go at once.
import { describe, expect, it } from 'vitest';
import { coalesceByKey } from '../../../server/db/coalesce.ts';

type Values = Record<string, number>;

/** An `apply` whose calls stay open until the test settles them. */
function manualApply() {
  const calls: Array<{ key: string; value: Values; settle(err?: Error): void }> = [];
  const apply = (key: string, value: Values) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ key, value, settle: (err) => (err ? reject(err) : resolve(`${key}:${JSON.stringify(value)}`)) });
    });
  return { calls, apply };
}
const merge = (a: Values, b: Values) => ({ ...a, ...b });
/** The end of the event loop's turn, when a key with nothing in flight sends. */
const turn = () => new Promise((r) => setImmediate(r));

describe('coalesceByKey', () => {
  it('sends a lone edit at the end of the turn', async () => {
    const { calls, apply } = manualApply();
    const edit = coalesceByKey(apply, merge);
    const p = edit('n1', { x: 1 });
    expect(calls).toHaveLength(0);
    await turn();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ key: 'n1', value: { x: 1 } });
    calls[0]!.settle();
    await expect(p).resolves.toBe('n1:{"x":1}');
  });

  it('merges the edits that arrive while one is in flight, later values winning, into one statement', async () => {
    const { calls, apply } = manualApply();
    const edit = coalesceByKey(apply, merge);
    const first = edit('n1', { x: 1, rotation: 5 });
    await turn();
    const second = edit('n1', { x: 2 });
    const third = edit('n1', { y: 3 });
    const fourth = edit('n1', { x: 4 });
    expect(calls).toHaveLength(1);
    calls[0]!.settle();
    await expect(first).resolves.toBe('n1:{"x":1,"rotation":5}');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.value).toEqual({ x: 4, y: 3 });
    calls[1]!.settle();
    const expected = 'n1:{"x":4,"y":3}';
    expect(await Promise.all([second, third, fourth])).toEqual([expected, expected, expected]);
    await turn();
    expect(calls).toHaveLength(2);
  });

  it('sends the edits of one turn as one statement', async () => {
    const { calls, apply } = manualApply();
    const edit = coalesceByKey(apply, merge);
    const both = Promise.all([edit('n1', { x: 1 }), edit('n1', { rotation: 2 })]);
    await turn();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.value).toEqual({ x: 1, rotation: 2 });
    calls[0]!.settle();
    expect(await both).toEqual(['n1:{"x":1,"rotation":2}', 'n1:{"x":1,"rotation":2}']);
  });

  it('runs different keys side by side', async () => {
    const { calls, apply } = manualApply();
    const edit = coalesceByKey(apply, merge);
    void edit('a', { x: 1 });
    void edit('b', { x: 2 });
    await turn();
    expect(calls.map((c) => c.key)).toEqual(['a', 'b']);
  });

  it('fails only the batch whose statement failed, and goes on with the next', async () => {
    const { calls, apply } = manualApply();
    const edit = coalesceByKey(apply, merge);
    const first = edit('n1', { x: 1 });
    await turn();
    const second = edit('n1', { x: 2 });
    calls[0]!.settle(new Error('no such node'));
    await expect(first).rejects.toThrow('no such node');
    calls[1]!.settle();
    await expect(second).resolves.toBe('n1:{"x":2}');
    // Nothing is left in flight: a later edit goes at the end of its turn.
    void edit('n1', { x: 3 });
    await turn();
    expect(calls).toHaveLength(3);
  });

  it('turns an apply that throws before its promise into a refusal of that batch', async () => {
    let n = 0;
    const edit = coalesceByKey<Values, number>((_, v) => {
      if (n++ === 0) throw new Error('bad');
      return Promise.resolve(v.x!);
    }, merge);
    await expect(edit('k', { x: 1 })).rejects.toThrow('bad');
    await expect(edit('k', { x: 2 })).resolves.toBe(2);
  });
});
