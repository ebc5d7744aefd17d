// 0016: names stored before every write put them in one spelling (contract/storableName.ts) are respelled, so that
// lookups, which now always ask in that spelling, still find them: an account named in NFD could no longer sign in,
// and a folder named in NFD was not found by name and was doubled by the next upload. A name whose new spelling is
// already taken where names must differ (another account, a sibling folder, a file of the same folder) is left as
// it is: a start-up must never fail on old data.
import type { Kysely, Migration } from 'kysely';
import { storableName } from '../../contract/storableName.ts';

/** A name column, and the columns within whose equal values its names must differ (none: they may repeat). */
interface NameColumn {
  table: string;
  column: string;
  distinctWithin?: string[];
}

const NAME_COLUMNS: NameColumn[] = [
  { table: 'users', column: 'username', distinctWithin: [] },
  { table: 'directories', column: 'name', distinctWithin: ['site', 'parent'] },
  { table: 'files', column: 'name', distinctWithin: ['directory_id'] },
  { table: 'sites', column: 'name' },
  { table: 'pins', column: 'name' },
  { table: 'pins', column: 'site_name' },
  { table: 'surveys', column: 'survey_name', distinctWithin: ['site', 'floor', 'date'] },
  { table: 'survey_nodes', column: 'title' },
  { table: 'survey_nodes', column: 'tiles_name' },
];

async function respell(db: Kysely<any>, { table, column, distinctWithin }: NameColumn): Promise<void> {
  const scope = distinctWithin ?? [];
  const rows = (await db
    .selectFrom(table)
    .select(['id', column, ...scope])
    .execute()) as Record<string, string | number | null>[];
  const groupOf = (r: Record<string, string | number | null>) => JSON.stringify(scope.map((c) => r[c]));
  const taken = new Set(rows.map((r) => `${groupOf(r)}|${r[column]}`));
  for (const row of rows) {
    const name = String(row[column] ?? '');
    const spelled = storableName(name);
    if (spelled === name) continue;
    if (distinctWithin) {
      const key = `${groupOf(row)}|${spelled}`;
      if (taken.has(key)) continue;
      taken.add(key);
    }
    await db
      .updateTable(table)
      .set({ [column]: spelled })
      .where('id', '=', row.id)
      .execute();
  }
}

export const storableNames: Migration = {
  async up(db: Kysely<any>) {
    for (const c of NAME_COLUMNS) await respell(db, c);
  },
};
