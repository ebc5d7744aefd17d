// About page: the site's about text (HTML, sanitised).
import { useAbout } from '../../api/queries/about';
import { sanitizeHtml, useAllowExternalImages } from '../common/sanitize';
import { Spinner } from '../../ui/Spinner';
import { useCurrentSettings, useSiteId } from '../../domain/useSite';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export default function AboutPage() {
  const site = useSiteId();
  const settings = useCurrentSettings();
  const about = useAbout(site);
  const allowExternalImages = useAllowExternalImages();
  useDocumentTitle('About', settings?.display.title);
  if (about.isError) console.error(about.error);
  return (
    <main className="page about-page">
      <h1>About {settings?.display.title}</h1>
      {about.isPending ? (
        <Spinner label="Loading" />
      ) : about.data ? (
        <div
          className="rich-text"
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(about.data, { allowExternalImages }) }}
        />
      ) : (
        <p className="muted">No content available.</p>
      )}
    </main>
  );
}
