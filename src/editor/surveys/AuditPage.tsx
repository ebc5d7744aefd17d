// The audit trail of a site (its administrators): who changed what and when, newest first, a page at a time.
import { Link } from 'react-router';
import { useAuditTrail } from '../../api/queries/surveyEditing';
import { useSiteId, useSitePath } from '../../domain/useSite';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { Spinner } from '../../ui/Spinner';
import { auditLine } from './managerRules';
import './surveys.css';

const when = (at: string) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export default function AuditPage() {
  const site = useSiteId();
  const path = useSitePath();
  useDocumentTitle('Audit trail');
  const trail = useAuditTrail(site);
  const entries = trail.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <main className="manager-page">
      <header className="manager-header">
        <h1>Audit trail</h1>
        <Link to={path('surveys')} className="secondary-button">
          Surveys
        </Link>
      </header>
      {trail.isPending ? <Spinner label="Loading the audit trail" /> : null}
      {trail.isError ? <p role="alert">{trail.error.message}</p> : null}
      {trail.data && !entries.length ? <p>Nothing has been changed in the browser on this site yet.</p> : null}
      {entries.length ? (
        <table className="manager-table audit-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => {
              const { what, facts } = auditLine(e);
              return (
                <tr key={e.id}>
                  <td data-label="When">
                    <time dateTime={e.at}>{when(e.at)}</time>
                  </td>
                  <td data-label="Who">{e.actor ?? 'Administrator (no sign-in)'}</td>
                  <td data-label="What">
                    <span className="audit-what">{what}</span>
                    {facts ? <span className="audit-facts">{facts}</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {trail.hasNextPage ? (
        <button
          type="button"
          className="secondary-button"
          disabled={trail.isFetchingNextPage}
          onClick={() => void trail.fetchNextPage()}
        >
          Older entries
        </button>
      ) : null}
    </main>
  );
}
