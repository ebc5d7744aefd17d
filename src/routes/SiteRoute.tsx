// /site/{siteId}/*: one site of a multi-site install.
import { useParams } from 'react-router';
import { useAppConfig } from '../api/queries/settings';
import { SingleSiteView } from './SingleSiteView';
import { LoadingScreen } from './LoadingScreen';

export function SiteRoute() {
  const { siteId = '' } = useParams();
  const config = useAppConfig();
  if (config.isPending) return <LoadingScreen />;
  if (config.isError) return <LoadingScreen error={config.error.message} />;
  return <SingleSiteView site={siteId} basePath={`/site/${encodeURIComponent(siteId)}`} multiSite />;
}
