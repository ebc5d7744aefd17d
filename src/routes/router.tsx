// Routes of spec section 2: /site/{siteId}/* is one site in multi-site mode; /* is the multi-site map home
// when enableMultiSite is on, otherwise the single-site view.
import { createBrowserRouter } from 'react-router';
import { RootRoute } from './RootRoute';
import { SiteRoute } from './SiteRoute';
import { ErrorScreen } from './ErrorScreen';

export function createAppRouter() {
  return createBrowserRouter([
    { path: '/site/:siteId/*', element: <SiteRoute />, errorElement: <ErrorScreen /> },
    { path: '/*', element: <RootRoute />, errorElement: <ErrorScreen /> },
  ]);
}
