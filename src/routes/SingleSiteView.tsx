// The single-site shell: rendered only once the site settings have loaded; the sidebar and the pages of one site.
import { lazy, Suspense, useEffect } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { ChevronLeft } from '../ui/icons';
import { useSiteSettings } from '../api/queries/settings';
import { useAtomValue, useSetAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import {
  basePathAtom,
  kioskAtom,
  kioskHomeAtom,
  multiSiteModeAtom,
  siteAtom,
  sidebarCollapsedAtom,
} from '../state/atoms';
import { parseViewerLink } from '../../contract/viewerLink';
import { useKioskMode } from '../overlay/common/useKiosk';
import { useViewportClass } from '../overlay/common/useViewportClass';
import { currentScreen } from '../screen';
import { sidebarStartsCollapsedIn } from '../domain/layout';
import { useIsAdmin, useSsoEnabled } from '../domain/useAdmin';
import { Sidebar } from '../overlay/sidebar/Sidebar';
import { HomePage } from '../overlay/home/HomePage';
import { ViewerPage } from '../overlay/viewer/ViewerPage';
import { AnimationModal } from '../overlay/viewer/AnimationModal';
import { LoadingScreen } from './LoadingScreen';
import { useOfflineSetting } from './useOfflineSetting';

const DocumentationPage = lazy(() => import('../overlay/documentation/DocumentationPage'));
const AboutPage = lazy(() => import('../overlay/about/AboutPage'));
// The scene upload form (and papaparse with it): loaded only for administrators, never in a visitor's bundle.
const UploadPage = lazy(() => import('../editor/upload/UploadPage'));
// The survey manager and the audit trail: administrators only, never in a visitor's bundle.
const SurveyManagerPage = lazy(() => import('../editor/surveys/SurveyManagerPage'));
const AuditPage = lazy(() => import('../editor/surveys/AuditPage'));
// The site settings page: administrators only, never in a visitor's bundle.
const SiteSettingsPage = lazy(() => import('../editor/settings/SiteSettingsPage'));
// The kiosk's offline download and service worker: only on a kiosk of a site kept offline.
const OfflineKeeper = lazy(() => import('../overlay/offline/OfflineKeeper'));

const startsCollapsed = () => sidebarStartsCollapsedIn(currentScreen().layout);

export function SingleSiteView({ site, basePath, multiSite }: { site: string; basePath: string; multiSite: boolean }) {
  const settings = useSiteSettings(site || undefined);
  const isAdmin = useIsAdmin();
  const sso = useSsoEnabled();
  const kiosk = useAtomValue(kioskAtom);
  const kioskHome = useAtomValue(kioskHomeAtom);
  const setSite = useSetAtom(siteAtom);
  const setCollapsed = useSetAtom(sidebarCollapsedAtom);

  const setBase = useSetAtom(basePathAtom);
  const setMulti = useSetAtom(multiSiteModeAtom);
  // The page's first render already knows its site: without this it drew a loading screen first and the shell
  // only after the effect below, a second full render and paint on the way to the first view.
  useHydrateAtoms([
    [siteAtom, site],
    [basePathAtom, basePath],
    [multiSiteModeAtom, multiSite],
  ] as const);
  // The same for the phone's collapsed sidebar (the effect below): set after the first render, it changed the
  // layout under a panorama already drawing, and the first view was redrawn once the engine came.
  useHydrateAtoms(new Map(startsCollapsed() ? [[sidebarCollapsedAtom, true]] : []));
  const currentSite = useAtomValue(siteAtom);
  const currentBase = useAtomValue(basePathAtom);
  const ready = currentSite === site && currentBase === basePath;
  useEffect(() => {
    setSite(site);
    setBase(basePath);
    setMulti(multiSite);
  }, [site, basePath, multiSite, setSite, setBase, setMulti]);
  useKioskMode(settings.data ? settings.data.kiosk?.enabled === true : undefined);
  const keepOffline = useOfflineSetting(kiosk, settings.data && (settings.data.offline?.enabled ?? false));
  useViewportClass();
  useEffect(() => {
    if (startsCollapsed()) setCollapsed(true);
  }, [setCollapsed]);

  if (!site || settings.isError) {
    // A site with nothing in it yet (e.g. reached from a pin's 'Go to site'): no sidebar without settings, so
    // the page has its own way back to the map in multi-site mode.
    const back = multiSite ? (
      <nav className="way-back" aria-label="Way back">
        <Link to={kiosk ? kioskHome : '/'} className="secondary-button">
          <ChevronLeft /> Back to the site map
        </Link>
      </nav>
    ) : null;
    if (isAdmin) {
      return (
        <div className="standalone-page">
          {back}
          <Suspense fallback={<LoadingScreen />}>
            <UploadPage mode="addNewSite" site={site} floor={-1} />
          </Suspense>
        </div>
      );
    }
    return (
      <div className="standalone-page">
        {back}
        <main className="loading-screen">
          <div className="empty-state">
            <h1>No site to show yet</h1>
            <p>{settings.isError ? settings.error.message : 'An administrator has not uploaded a site yet.'}</p>
          </div>
        </main>
      </div>
    );
  }
  if (settings.isPending || !ready) return <LoadingScreen />;
  const s = settings.data;
  const home = basePath || '/';
  // Never on a kiosk, whatever the sign-on setting: a kiosk shows no administrator tool.
  const canAddScene = !kiosk && (isAdmin || !sso);

  return (
    <>
      <div className="shell">
        <Sidebar />
        <div className="shell-main" id="main">
          <Suspense fallback={<LoadingScreen />}>
            <Routes>
              <Route index element={multiSite ? <Navigate to="site" replace /> : <HomePage />} />
              <Route path="site" element={<ViewerPage />} />
              <Route
                path="documentation"
                element={s.enable.documentation ? <DocumentationPage /> : <Navigate to={home} replace />}
              />
              <Route path="about" element={s.enable.about ? <AboutPage /> : <Navigate to={home} replace />} />
              <Route
                path="addScene"
                element={
                  canAddScene ? (
                    <AddSceneRoute site={site} initialFloor={s.initial_settings.floor} />
                  ) : (
                    <Navigate to={home} replace />
                  )
                }
              />
              <Route path="surveys" element={canAddScene ? <SurveyManagerPage /> : <Navigate to={home} replace />} />
              <Route path="audit" element={canAddScene ? <AuditPage /> : <Navigate to={home} replace />} />
              <Route
                path="settings"
                element={
                  isAdmin ? <SiteSettingsPage key={site} site={site} settings={s} /> : <Navigate to={home} replace />
                }
              />
              <Route path="*" element={<Navigate to={home} replace />} />
            </Routes>
          </Suspense>
        </div>
        <AnimationModal />
        {keepOffline ? (
          <Suspense fallback={null}>
            <OfflineKeeper site={site} idleRotateSeconds={settings.data?.kiosk?.idleRotateSeconds} />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}

/** Scenes are added to the floor the link names (the sidebar's Add Scene entry carries the floor in view),
 *  else to the site's initial floor. */
function AddSceneRoute({ site, initialFloor }: { site: string; initialFloor: number }) {
  const floor = parseViewerLink(useLocation().search).floor ?? initialFloor;
  return <UploadPage mode="addScene" site={site} floor={floor} />;
}
