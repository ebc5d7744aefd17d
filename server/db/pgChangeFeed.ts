// The PostgreSQL change feed: every own table notifies `survey_changes` with its name after each statement that
// writes it (pgChangeNotices.ts), delivered at commit, to every listening process in commit order. One connection of
// ours LISTENs. It counts as live only while a heartbeat it sends through the pool comes back: a lost connection,
// a pooler that does not forward notices (PgBouncer in transaction mode), or a stalled listener all end in `live =
// false`, and caches are bypassed until a heartbeat returns again (everything cached before is dropped then).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { commitsOf, type DB } from './database.ts';
import { CHANGE_CHANNEL } from './pgChangeNotices.ts';
import { Generations, groupsOfTable, type ChangeFeed, type ChangeGroup } from './changeFeed.ts';

/** How often the listener proves it still hears the database, and how long a heartbeat may take to come back. */
const BEAT_EVERY_MS = 5_000;
const BEAT_TIMEOUT_MS = 2_000;
const RECONNECT_MS = 1_000;
const BEAT = 'beat:';

export function pgChangeFeed(databaseUrl: string, db: DB, onProblem: (msg: string, err?: unknown) => void): ChangeFeed {
  const gens = new Generations();
  let live = false;
  let closed = false;
  let client: pg.Client | null = null;
  let awaited: string | null = null;
  let missTimer: NodeJS.Timeout | undefined;

  const down = (why: string, err?: unknown) => {
    if (live) onProblem(`change feed down (${why}): answers are read from the database until it is back`, err);
    live = false;
    awaited = null;
    gens.bump();
  };

  const beat = async () => {
    if (closed || !client) return;
    const token = BEAT + randomUUID();
    awaited = token;
    try {
      await sql`select pg_notify(${CHANGE_CHANNEL}, ${token})`.execute(db);
    } catch (err) {
      down('heartbeat not sent', err);
      return;
    }
    clearTimeout(missTimer);
    missTimer = setTimeout(() => {
      if (awaited === token) down('heartbeat not heard');
    }, BEAT_TIMEOUT_MS).unref();
  };

  const heard = (payload: string) => {
    if (payload.startsWith(BEAT)) {
      if (payload !== awaited) return;
      awaited = null;
      clearTimeout(missTimer);
      // Whatever was cached before the feed was proven may have missed a notice: start from nothing.
      if (!live) gens.bump();
      live = true;
      return;
    }
    bumpTables(payload.split(','));
  };
  const bumpTables = (tables: readonly string[]) => {
    for (const t of tables) gens.bump(groupsOfTable(t));
  };
  // This process's own commits: known at once, before their notice comes back.
  const stopHearing = commitsOf(db)?.on(bumpTables);

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (n) => {
      if (n.channel === CHANGE_CHANNEL) heard(n.payload ?? '');
    });
    const lost = (err?: unknown) => {
      if (client !== c) return;
      client = null;
      down('connection lost', err);
      c.end().catch(() => {});
      if (!closed) setTimeout(() => void connect(), RECONNECT_MS).unref();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (err) {
      c.end().catch(() => {});
      down('could not listen', err);
      if (!closed) setTimeout(() => void connect(), RECONNECT_MS).unref();
      return;
    }
    if (closed) return void c.end().catch(() => {});
    client = c;
    void beat();
  };

  void connect();
  const beatTimer = setInterval(() => void beat(), BEAT_EVERY_MS).unref();

  return {
    get live() {
      return live;
    },
    generation: (g: ChangeGroup) => gens.get(g),
    async close() {
      closed = true;
      stopHearing?.();
      live = false;
      clearInterval(beatTimer);
      clearTimeout(missTimer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
