// Routes: /site/{siteId}/* is one site in multi-site mode; /* is the multi-site map home
// when enableMultiSite is on, otherwise the single-site view. Declarative routing (BrowserRouter) keeps the
// visitor bundle small; an error boundary gives the router fallback screen.
import type { ReactNode } from 'react';
import { BrowserRouter, Route, Routes, StaticRouter, useLocation } from 'react-router';
import { RootRoute } from './RootRoute';
import { SiteRoute } from './SiteRoute';
import { ErrorBoundary } from './ErrorScreen';
import { useKioskSession } from '../overlay/common/useKiosk';

export function AppRoutes({ location }: { location?: string }) {
  const Router = location === undefined ? BrowserRouter : StaticRouter;
  return (
    <Router location={location ?? ''}>
      <KioskSession />
      <RouteErrorBoundary>
        <Routes>
          <Route path="/site/:siteId/*" element={<SiteRoute />} />
          <Route path="/*" element={<RootRoute />} />
        </Routes>
      </RouteErrorBoundary>
    </Router>
  );
}

/** A fresh boundary per path, so moving elsewhere after an error tries again. */
function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}

/** Kiosk mode lives across every route (kept in the URL and storage, ended only by who may). */
function KioskSession() {
  useKioskSession();
  return null;
}
