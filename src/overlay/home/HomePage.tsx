// Home page of single-site mode: the site title and background image from the app config.
import { Link } from 'react-router';
import { useAppConfig } from '../../api/queries/settings';
import { useSitePath } from '../../domain/useSite';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export function HomePage() {
  const config = useAppConfig().data;
  const path = useSitePath();
  const title = config?.singleSiteSettings.siteTitle || 'Site survey';
  const bg = config?.singleSiteSettings.backgroundImage;
  useDocumentTitle(title);
  return (
    <main
      className="home-page"
      style={
        bg
          ? { backgroundImage: `linear-gradient(rgba(40,22,10,.55), rgba(40,22,10,.35)), url("${encodeURI(bg)}")` }
          : undefined
      }
    >
      <div className="home-card">
        <h1>{title}</h1>
        <p>Walk through the 360° survey of the site, floor by floor and date by date.</p>
        <Link className="primary-button" to={path('site')}>
          Enter the site
        </Link>
      </div>
    </main>
  );
}
