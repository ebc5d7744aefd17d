// The root: the multi-site map home when enableMultiSite is on, otherwise the single-site view of the default site.
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useAppConfig } from '../api/queries/settings';
import { parseViewerLink } from '../../contract/viewerLink';
import { SingleSiteView } from './SingleSiteView';
import { LoadingScreen } from './LoadingScreen';

const MultiSiteHome = lazy(() => import('../overlay/multisite/MultiSiteHome'));

export function RootRoute() {
  const config = useAppConfig();
  const location = useLocation();
  if (config.isPending) return <LoadingScreen />;
  if (config.isError) return <LoadingScreen error={config.error.message} />;
  if (config.data.enableMultiSite) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <MultiSiteHome />
      </Suspense>
    );
  }
  const site = parseViewerLink(location.search).site ?? config.data.defaultSite;
  return <SingleSiteView site={site} basePath="" multiSite={false} />;
}
