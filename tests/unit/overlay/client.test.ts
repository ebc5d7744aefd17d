import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, getJson, getJsonOr, send } from '../../../src/api/client';

const respond = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
afterEach(() => vi.unstubAllGlobals());

describe('API client', () => {
  it('leaves empty values out of query strings (never the text "undefined")', () => {
    expect(apiUrl('/api/x', { floor: 0, date: undefined, a: null, b: '', c: Number.NaN })).toBe('/api/x?floor=0');
  });
  it('throws "An error has occured: {status}" on a non-OK read', async () => {
    vi.stubGlobal('fetch', respond(500, { success: false, message: 'boom' }));
    await expect(getJson('/api/x')).rejects.toThrow('An error has occured: 500');
  });
  it('unwraps the payload, sends cookies and passes the abort signal', async () => {
    const f = respond(200, { success: true, payload: [1, 2] });
    vi.stubGlobal('fetch', f);
    const ctrl = new AbortController();
    expect(await getJson('/api/x', { signal: ctrl.signal })).toEqual([1, 2]);
    expect((f.mock.calls[0] as unknown[])[1]).toMatchObject({ credentials: 'include', signal: ctrl.signal });
  });
  it('gives the fallback when a tolerant read answers success false', async () => {
    vi.stubGlobal('fetch', respond(200, { success: false, message: 'nope' }));
    expect(await getJsonOr('/api/x', [])).toEqual([]);
  });
  it("throws the server's message when a write fails", async () => {
    vi.stubGlobal('fetch', respond(400, { success: false, message: 'A name' }));
    await expect(send('POST', '/api/map-pins', { name: '' })).rejects.toThrow('A name');
  });
});
