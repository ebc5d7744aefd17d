// At the default level (info) the log keeps what a person needs: refused and failed requests with their id and
// status. Requests that went well are debug lines (writing two info lines for each of them cost more under load
// than the work the requests did; see bench:load).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/server.ts';
import { startChildServer, type ChildServer } from './helpers/childServer.ts';

const parse = (l: string) => {
  try {
    return JSON.parse(l);
  } catch {
    return null;
  }
};

describe('request log lines at LOG_LEVEL=info', () => {
  let dataDir: string;
  let server: ChildServer | undefined;
  beforeAll(async () => {
    dataDir = tempDir('survey-log-');
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs a refused request with its id and status, and not a successful one', async () => {
    // SQLite is enough: the log lines do not depend on the database.
    server = await startChildServer({ dataDir, databaseUrl: '', env: { LOG_LEVEL: 'info' } });
    expect((await fetch(`${server.baseUrl}/api/health`, { headers: { 'x-request-id': 'went-well-1' } })).status).toBe(
      200,
    );
    expect(
      (await fetch(`${server.baseUrl}/api/site/nowhere/settings`, { headers: { 'x-request-id': 'refused-1' } })).status,
    ).toBe(404);
    await new Promise((r) => setTimeout(r, 200));
    const lines = server.lines.map(parse).filter(Boolean);
    expect(lines.filter((j) => j.reqId === 'went-well-1')).toEqual([]);
    const refused = lines.filter((j) => j.reqId === 'refused-1' && j.msg === 'request completed');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ level: 30, res: { statusCode: 404 } });
  });

  it('logs successful requests too at LOG_LEVEL=debug', async () => {
    await server?.kill('SIGKILL');
    server = await startChildServer({ dataDir, databaseUrl: '', env: { LOG_LEVEL: 'debug' } });
    expect((await fetch(`${server.baseUrl}/api/health`, { headers: { 'x-request-id': 'went-well-2' } })).status).toBe(
      200,
    );
    await new Promise((r) => setTimeout(r, 200));
    const msgs = server.lines
      .map(parse)
      .filter((j) => j?.reqId === 'went-well-2')
      .map((j) => j.msg);
    expect(msgs).toEqual(['incoming request', 'request completed']);
  });
});
