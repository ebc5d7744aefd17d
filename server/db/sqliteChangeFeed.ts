// The SQLite change feed: this process's own commits come from the commit tracker (changeTracking.ts); any other
// connection's (`npm run import`, the sqlite3 shell) change PRAGMA data_version, which is read before each use of a
// generation (a few microseconds: it reads the shared WAL index, no disk). Always live: nothing can be missed.
import type BetterSqlite3 from 'better-sqlite3';
import { commitsOf, type DB } from './database.ts';
import { Generations, groupsOfTable, type ChangeFeed, type ChangeGroup } from './changeFeed.ts';

export function sqliteChangeFeed(db: DB, file: BetterSqlite3.Database): ChangeFeed {
  const gens = new Generations();
  // Prepared once: file.pragma() would compile the statement again at every request.
  const dataVersion = file.prepare('PRAGMA data_version').pluck();
  let seen = dataVersion.get();
  const otherConnections = () => {
    const now = dataVersion.get();
    if (now !== seen) {
      seen = now;
      gens.bump();
    }
  };
  const stopHearing = commitsOf(db)?.on((tables) => {
    for (const t of tables) gens.bump(groupsOfTable(t));
  });
  return {
    live: true,
    generation(group: ChangeGroup) {
      otherConnections();
      return gens.get(group);
    },
    async close() {
      stopHearing?.();
    },
  };
}
