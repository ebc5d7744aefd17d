// Schema migrations, written once for both dialects (portable column types only).
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { concurrencyKeys } from './migration0006Concurrency.ts';
import { loginAttempts } from './migration0003LoginAttempts.ts';
import { surveyExports } from './migration0007SurveyExports.ts';
import { jobsTable } from './migration0013Jobs.ts';
import { storableNames } from './migration0016StorableNames.ts';
import { photoUploads } from './migration0017PhotoUploads.ts';
import { auditTrail } from './migration0018Audit.ts';
import { toursTable } from './migration0019Tours.ts';
import { tileBytes } from './migration0020TileBytes.ts';
import { tileFormats } from './migration0014TileFormats.ts';
import { documentIndexes } from './migration0015DocumentIndexes.ts';
import { installChangeTriggers } from './pgChangeNotices.ts';

const initial: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('settings')
      .addColumn('site', 'text', (c) => c.primaryKey().references('sites.id').onDelete('cascade'))
      .addColumn('json', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('app_config')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('json', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('floors')
      .addColumn('site', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('floor', 'integer', (c) => c.notNull())
      .addColumn('floor_name', 'text', (c) => c.notNull())
      .addColumn('floor_tag', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('floors_pk', ['site', 'floor'])
      .execute();
    await db.schema
      .createTable('minimaps')
      .addColumn('site', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('floor', 'integer', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('image_large_url', 'text', (c) => c.notNull())
      .addColumn('x_pixel_offset', 'double precision', (c) => c.notNull())
      .addColumn('y_pixel_offset', 'double precision', (c) => c.notNull())
      .addColumn('x_scale', 'double precision', (c) => c.notNull())
      .addColumn('y_scale', 'double precision', (c) => c.notNull())
      .addColumn('img_width', 'integer', (c) => c.notNull())
      .addColumn('img_height', 'integer', (c) => c.notNull())
      .addColumn('xy_flipped', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('minimaps_pk', ['site', 'floor'])
      .execute();
    await db.schema
      .createTable('surveys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('floor', 'integer', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('survey_name', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('survey_nodes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('survey_id', 'text', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('tiles_id', 'text', (c) => c.notNull().unique())
      .addColumn('tiles_name', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('levels', 'text', (c) => c.notNull())
      .addColumn('face_size', 'integer', (c) => c.notNull())
      .addColumn('initial_parameters', 'text', (c) => c.notNull())
      .addColumn('link_hotspots', 'text', (c) => c.notNull())
      .addColumn('info_hotspots', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('minimap_nodes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('floor', 'integer', (c) => c.notNull())
      .addColumn('survey_node_id', 'text', (c) => c.notNull().references('survey_nodes.id').onDelete('cascade'))
      .addColumn('node_number', 'integer', (c) => c.notNull())
      .addColumn('tiles_id', 'text', (c) => c.notNull())
      .addColumn('x', 'double precision', (c) => c.notNull())
      .addColumn('y', 'double precision', (c) => c.notNull())
      .addColumn('x_scale', 'double precision', (c) => c.notNull())
      .addColumn('y_scale', 'double precision', (c) => c.notNull())
      .addColumn('rotation', 'double precision', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('hotspot_descriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('tiles_id', 'text', (c) => c.notNull())
      .addColumn('info_id', 'text', (c) => c.notNull())
      .addColumn('header', 'text', (c) => c.notNull())
      .addColumn('contents', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sitemaps')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('image_url', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('pins')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('site_name', 'text', (c) => c.notNull())
      .addColumn('x', 'double precision', (c) => c.notNull())
      .addColumn('y', 'double precision', (c) => c.notNull())
      .addColumn('icon', 'text', (c) => c.notNull())
      .addColumn('cover_image', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('external_url', 'text', (c) => c.notNull())
      .addColumn('sitemap', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('abouts')
      .addColumn('site', 'text', (c) => c.primaryKey())
      .addColumn('info', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('directories')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('parent', 'text')
      .execute();
    await db.schema
      .createTable('files')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site', 'text', (c) => c.notNull())
      .addColumn('directory_id', 'text', (c) => c.notNull().references('directories.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('surveys_site_floor_date').on('surveys').columns(['site', 'floor', 'date']).execute();
    await db.schema.createIndex('minimap_nodes_site_floor').on('minimap_nodes').columns(['site', 'floor']).execute();
    await db.schema
      .createIndex('hotspot_site_tiles')
      .on('hotspot_descriptions')
      .columns(['site', 'tiles_id'])
      .execute();
    void sql;
  },
};

/** Sites a projectAdmin administers (a site id may be reserved by a pin before the site exists: no foreign key to sites). */
const userSites: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('user_sites')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('site', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_sites_pk', ['user_id', 'site'])
      .execute();
  },
};

// Names sort in the order they run. Each concern adds its own entry.
export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return {
      '0001_initial': initial,
      '0002_user_sites': userSites,
      '0003_login_attempts': loginAttempts,
      '0006_concurrency_keys': concurrencyKeys,
      '0007_survey_exports': surveyExports,
      '0013_jobs': jobsTable,
      '0014_tile_formats': tileFormats,
      '0015_document_indexes': documentIndexes,
      '0016_storable_names': storableNames,
      '0017_photo_uploads': photoUploads,
      '0018_audit': auditTrail,
      '0019_tours': toursTable,
      '0020_tile_bytes': tileBytes,
    };
  },
};

/** The PostgreSQL advisory lock key of schema migrations (any constant; "surv" "mig1" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x73757276_6d696731n;

/**
 * Brings the schema up to date. On PostgreSQL, instances starting together take turns under an advisory lock held by
 * one connection for the whole run: Kysely's own lock table is itself created by the first run, which two starts
 * would race (CREATE TABLE IF NOT EXISTS is not safe against a concurrent one). The change feed's triggers are
 * (re)installed on every own table under the same lock.
 */
export async function migrateToLatest(db: Kysely<any>, postgres: boolean): Promise<void> {
  // Concerns add numbered migrations in parallel; a database may have run a later number before an earlier one lands.
  const run = async (on: Kysely<any>) => {
    const { error } = await new Migrator({
      db: on,
      provider: migrationProvider,
      allowUnorderedMigrations: true,
    }).migrateToLatest();
    if (error) throw error;
  };
  if (!postgres) return run(db);
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`.execute(conn);
    try {
      await run(conn);
      await installChangeTriggers(conn);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`.execute(conn);
    }
  });
}
