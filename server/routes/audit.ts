// The audit trail of a site, for its administrators: newest first, a page at a time.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../contract/api.ts';
import { AUDIT_PAGE_MAX, auditCursor, auditPage, parseAuditCursor } from '../../contract/surveyEditing.ts';
import { intText } from '../../contract/limits.ts';
import { ok } from '../http/envelope.ts';
import { siteAdmin } from '../http/access.ts';
import { siteParam } from './params.ts';
import { listAudit } from '../services/audit/audit.ts';
import { Invalid } from '../services/errors.ts';
import type { RoutesPlugin } from './plugin.ts';

export const auditRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/site/:site/audit',
    {
      config: { access: siteAdmin() },
      schema: {
        tags: ['editing'],
        summary: 'Who changed what on the site, newest first (site administrators)',
        description: '`next` is the `before` of the following page, null on the last one.',
        params: siteParam,
        querystring: z.object({
          before: z.string().max(300).optional(),
          limit: intText('limit', 1, AUDIT_PAGE_MAX).default(50),
        }),
        response: { 200: envelope(auditPage) },
      },
    },
    async (req) => {
      const before = req.query.before ? parseAuditCursor(req.query.before) : undefined;
      if (before === null) throw new Invalid('before must be the `next` of an earlier page.');
      const { limit } = req.query;
      // One more than asked tells whether another page follows.
      const rows = await listAudit(ctx.db, req.params.site, { before, limit: limit + 1 });
      const entries = rows.slice(0, limit);
      return ok({ entries, next: rows.length > limit ? auditCursor(entries[entries.length - 1]) : null });
    },
  );
};
