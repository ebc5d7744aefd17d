// 0006: the keys that make concurrent writers safe, and the ledger of blobs moved into place before their rows commit.
// - surveys: one row per (site, floor, date, survey_name) (concurrent uploads made duplicates: merged here first);
// - minimap_nodes: the survey each node belongs to, and node_number unique within it (duplicates renumbered first);
// - pending_blobs: media prefixes an upload is about to commit, so the start-up sweep of another instance leaves them.
import { sql, type Kysely, type Migration } from 'kysely';

export const concurrencyKeys: Migration = {
  async up(db: Kysely<any>) {
    // Duplicate surveys: their nodes move to the survey with the smallest id, the others go.
    await sql`update survey_nodes set survey_id = (
      select min(s2.id) from surveys s1 join surveys s2
        on s2.site = s1.site and s2.floor = s1.floor and s2.date = s1.date and s2.survey_name = s1.survey_name
      where s1.id = survey_nodes.survey_id)`.execute(db);
    await sql`delete from surveys where id not in (select min(id) from surveys group by site, floor, date, survey_name)`.execute(
      db,
    );
    await db.schema
      .createIndex('surveys_unique_key')
      .unique()
      .on('surveys')
      .columns(['site', 'floor', 'date', 'survey_name'])
      .execute();

    await db.schema.alterTable('minimap_nodes').addColumn('survey_id', 'text').execute();
    await sql`update minimap_nodes set survey_id = (select survey_id from survey_nodes where survey_nodes.id = minimap_nodes.survey_node_id)`.execute(
      db,
    );
    // Node numbers that repeat within a survey (a race of the first version) are renumbered 0..n-1 in their order.
    const rows: { id: string; survey_id: string; node_number: number }[] = await db
      .selectFrom('minimap_nodes')
      .select(['id', 'survey_id', 'node_number'])
      .orderBy('survey_id')
      .orderBy('node_number')
      .orderBy('id')
      .execute();
    const bySurvey = new Map<string, typeof rows>();
    for (const r of rows) bySurvey.set(r.survey_id, [...(bySurvey.get(r.survey_id) ?? []), r]);
    for (const nodes of bySurvey.values()) {
      if (new Set(nodes.map((n) => n.node_number)).size === nodes.length) continue;
      for (const [i, n] of nodes.entries())
        await db.updateTable('minimap_nodes').set({ node_number: i }).where('id', '=', n.id).execute();
    }
    await db.schema
      .createIndex('minimap_nodes_survey_number')
      .unique()
      .on('minimap_nodes')
      .columns(['survey_id', 'node_number'])
      .execute();

    await db.schema
      .createTable('pending_blobs')
      .addColumn('prefix', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },
};
