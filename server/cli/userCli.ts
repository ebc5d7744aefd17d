// Shared by the user:* commands: the database the server uses (same DATA_DIR or DATABASE_URL), a clear message
// and a non-zero exit code on failure.
import { readConfig } from '../config.ts';
import { openDatabase, type DB } from '../db/database.ts';

export async function runUserCommand(usage: string, valid: boolean, work: (db: DB) => Promise<string>): Promise<void> {
  if (!valid) {
    console.error(
      `Usage: ${usage}\nIt uses the same DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL) as the server: set them as the server has them.`,
    );
    process.exitCode = 2;
    return;
  }
  const config = readConfig();
  const db = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    durableCommits: config.dbDurableCommits,
  });
  try {
    console.log(await work(db));
  } catch (e) {
    console.error((e as Error).message);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}
