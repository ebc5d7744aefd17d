// Failed sign-ins, counted per account and per client address in the database so that every instance sees them.
import type { Kysely, Migration } from 'kysely';

export const loginAttempts: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('login_attempts')
      // 'user:<name>' or 'addr:<ip>'; one row per key and window.
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('window_start', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
  },
};
