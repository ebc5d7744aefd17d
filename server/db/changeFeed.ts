// What changed in the database, as generation counters per group of tables, so that a process may keep answers
// and sessions in memory and drop them the moment any process (this one, another instance, `npm run import`, a
// person with psql or sqlite3) commits a change to what they were read from. Only a feed that can prove it hears
// every commit is `live`; caches are bypassed whenever it is not (pgChangeFeed.ts, sqliteChangeFeed.ts).

/** `auth`: who is signed in as whom; `content`: everything a visitor reads (sites, surveys, nodes, pins, ...). */
export type ChangeGroup = 'auth' | 'content';
export const CHANGE_GROUPS: readonly ChangeGroup[] = ['auth', 'content'];

const AUTH_TABLES = new Set(['sessions', 'users', 'user_sites']);
/** Written often, read by no cached answer: their changes need not drop anything. */
const UNCACHED_TABLES = new Set(['login_attempts', 'jobs', 'pending_blobs']);

/** The groups a committed change to `table` makes stale; a table we do not know makes every group stale. */
export function groupsOfTable(table: string): readonly ChangeGroup[] {
  if (AUTH_TABLES.has(table)) return ['auth'];
  if (UNCACHED_TABLES.has(table)) return [];
  return table ? ['content'] : CHANGE_GROUPS;
}

export interface ChangeFeed {
  /** True only while every commit of every process is known to reach this process. */
  readonly live: boolean;
  /** Changes whenever `group` may have changed; compare the value seen before a read with the one after. */
  generation(group: ChangeGroup): number;
  close(): Promise<void>;
}

/** Generation counters, shared by the feeds. */
export class Generations {
  private readonly gens = new Map<ChangeGroup, number>(CHANGE_GROUPS.map((g) => [g, 0]));
  get(group: ChangeGroup): number {
    return this.gens.get(group)!;
  }
  bump(groups: readonly ChangeGroup[] = CHANGE_GROUPS): void {
    for (const g of groups) this.gens.set(g, this.gens.get(g)! + 1);
  }
}
