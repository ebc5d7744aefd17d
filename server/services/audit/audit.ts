// The audit trail of a site: every editor's write records one entry in the same transaction as the change, so the
// trail never says something happened that was rolled back, nor misses what was committed. Read newest first.
import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import { actorName, clipDetail, clipText, AUDIT_TARGET_MAX, type AuditEntry } from './auditEntry.ts';
import type { Principal } from '../../auth/principal.ts';

/** Records `entry`; `trx` must be the transaction that makes the change. */
export async function recordAudit(trx: DB, entry: AuditEntry, now = new Date()): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      site: entry.site,
      at: now.toISOString(),
      actor: actorName(entry.actor),
      action: entry.action,
      target: clipText(entry.target, AUDIT_TARGET_MAX),
      detail: JSON.stringify(clipDetail(entry.detail)),
    })
    .execute();
}

/** Who asked for a write the trail records; a service called without it is the server's own write (the demo). */
export interface AuditBy {
  actor: Principal | null;
}

/** Records `entry` by `by`, when a person asked for the write; `trx` must be the write's transaction. */
export async function recordBy(trx: DB, by: AuditBy | undefined, entry: Omit<AuditEntry, 'actor'>): Promise<void> {
  if (by) await recordAudit(trx, { ...entry, actor: by.actor });
}

export interface AuditRow {
  id: string;
  at: string;
  actor: string | null;
  action: string;
  target: string;
  detail: Record<string, unknown>;
}

/** Where a page of the trail ends: the last entry's time and id (entries of the same millisecond keep an order). */
export interface AuditCursor {
  at: string;
  id: string;
}

/** Up to `limit` entries of `site`, newest first, older than `before` when given. */
export async function listAudit(
  db: DB,
  site: string,
  { before, limit }: { before?: AuditCursor; limit: number },
): Promise<AuditRow[]> {
  let q = db.selectFrom('audit_log').selectAll().where('site', '=', site);
  if (before)
    q = q.where((eb) =>
      eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]),
    );
  const rows = await q.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(({ site: _site, detail, ...r }) => ({ ...r, detail: JSON.parse(detail) as Record<string, unknown> }));
}
