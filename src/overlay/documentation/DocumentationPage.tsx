// Documentation browser: heading, breadcrumb, back, search, File View / List View, Folders and Files;
// administrators get the hidden 'Upload documents .zip' form.
import { useEffect, useState } from 'react';
import { useDocumentListing } from '../../api/queries/documents';
import { ChevronLeft, FileIcon, FolderIcon, GridIcon, ListIcon, SearchIcon, UploadIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { useIsAdmin } from '../../domain/useAdmin';
import { useSiteId } from '../../domain/useSite';
import { DocumentUploadForm } from './DocumentUploadForm';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { toast } from '../../ui/notices/notices';

type ViewKind = 'file' | 'list';
/** A search is asked for once typing pauses this long, not at every key. */
const SEARCH_DELAY_MS = 250;

/** `value`, once it has stayed the same for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

export default function DocumentationPage() {
  const site = useSiteId();
  const isAdmin = useIsAdmin();
  const [trail, setTrail] = useState<{ id: string; name: string }[]>([]);
  const [search, setSearch] = useState('');
  const [viewKind, setViewKind] = useState<ViewKind>('file');
  const [uploadOpen, setUploadOpen] = useState(false);
  useDocumentTitle('Documentation');
  const settled = useSettled(search.trim(), SEARCH_DELAY_MS);
  // Clearing the search (also by opening a folder) is at once: no request for the old words.
  const q = search.trim() === '' ? '' : settled;
  // One request per page of the open folder (or of the search), however many folders it holds.
  const listing = useDocumentListing(site, trail.length > 0 ? trail[trail.length - 1].id : null, q);
  const pages = listing.data?.pages ?? [];
  const shownFolders = pages.flatMap((p) => p.folders);
  const shownFiles = pages.flatMap((p) => p.files);

  const error = listing.error;
  useEffect(() => {
    if (error) toast.error(error.message);
  }, [error]);

  const open = (d: { _id: string; name: string }) => {
    setTrail((t) => [...t, { id: d._id, name: d.name }]);
    setSearch('');
  };
  const back = () => setTrail((t) => t.slice(0, -1));
  const loading = listing.isPending;

  return (
    <main className="page documentation-page">
      <div className="doc-head">
        <h1>Documentation</h1>
        {isAdmin ? (
          <button
            type="button"
            className="secondary-button"
            aria-expanded={uploadOpen}
            onClick={() => setUploadOpen(!uploadOpen)}
          >
            <UploadIcon /> Upload documents
          </button>
        ) : null}
      </div>
      {isAdmin && uploadOpen ? <DocumentUploadForm site={site} onDone={() => setUploadOpen(false)} /> : null}
      <div className="doc-bar">
        <button type="button" className="icon-button" onClick={back} disabled={trail.length === 0} aria-label="Back">
          <ChevronLeft />
        </button>
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <ol>
            <li>
              <button
                type="button"
                className="crumb"
                onClick={() => setTrail([])}
                aria-current={trail.length === 0 ? 'page' : undefined}
              >
                Documents
              </button>
            </li>
            {trail.map((t, i) => (
              <li key={t.id}>
                <button
                  type="button"
                  className="crumb"
                  onClick={() => setTrail((tr) => tr.slice(0, i + 1))}
                  aria-current={i === trail.length - 1 ? 'page' : undefined}
                >
                  {t.name}
                </button>
              </li>
            ))}
          </ol>
        </nav>
        <label className="search-box">
          <SearchIcon />
          <span className="visually-hidden">Search documents</span>
          <input
            type="search"
            placeholder="Search for a document..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <div className="view-switch" role="group" aria-label="View">
          <button type="button" aria-pressed={viewKind === 'file'} onClick={() => setViewKind('file')}>
            <GridIcon /> File View
          </button>
          <button type="button" aria-pressed={viewKind === 'list'} onClick={() => setViewKind('list')}>
            <ListIcon /> List View
          </button>
        </div>
      </div>
      {loading ? (
        <Spinner label="Loading documents" />
      ) : (
        <>
          <section aria-labelledby="folders-h" className="doc-section">
            <h2 id="folders-h">Folders</h2>
            {shownFolders.length === 0 ? (
              <p className="muted">No folders.</p>
            ) : (
              <ul className={viewKind === 'file' ? 'doc-grid' : 'doc-list'}>
                {shownFolders.map((d) => (
                  <li key={d._id}>
                    <button type="button" className="doc-item" onClick={() => open(d)}>
                      <FolderIcon className="doc-icon" /> <span className="doc-name">{d.name}</span>
                      {viewKind === 'list' ? <span className="doc-meta">{d.items} items</span> : null}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="files-h" className="doc-section">
            <h2 id="files-h">Files</h2>
            {shownFiles.length === 0 ? (
              <p className="muted">{q ? 'No documents match your search.' : 'No files.'}</p>
            ) : (
              <ul className={viewKind === 'file' ? 'doc-grid' : 'doc-list'}>
                {shownFiles.map((f) => (
                  <li key={f._id}>
                    <a className="doc-item" href={f.url} target="_blank" rel="noopener noreferrer">
                      <FileIcon className="doc-icon" /> <span className="doc-name">{f.name}</span>
                      <span className="visually-hidden"> (opens in a new window)</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {listing.hasNextPage ? (
            <button
              type="button"
              className="secondary-button doc-more"
              disabled={listing.isFetchingNextPage}
              onClick={() => void listing.fetchNextPage()}
            >
              {listing.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          ) : null}
        </>
      )}
    </main>
  );
}
