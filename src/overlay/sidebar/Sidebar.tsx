// The sidebar: product label (opens the research group's website in a new window), the navigation entries,
// a collapsed small state, sign-in and sign-out (with single sign-on), and a superAdmin's 'Enable Multisite' button.
import { Link, useLocation, useNavigate } from 'react-router';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import {
  animationModalOpenAtom,
  kioskAtom,
  kioskHomeAtom,
  sidebarCollapsedAtom,
  viewportClassAtom,
} from '../../state/atoms';
import { useEscape } from '../../ui/useEscape';
import { toast } from '../../ui/notices/notices';
import { useKioskEndPending } from '../common/useKiosk';
import { parseViewerLink } from '../../../contract/viewerLink';
import { useFloorExists, useSiteExists } from '../../api/queries/surveys';
import { usePatchAppConfig } from '../../api/queries/settings';
import { useIsAdmin, useMayDo, useSsoEnabled } from '../../domain/useAdmin';
import { useCurrentSettings, useMultiSiteMode, useSiteId, useSitePath } from '../../domain/useSite';
import {
  BuildingIcon,
  ChevronLeft,
  ChevronRight,
  DocIcon,
  HomeIcon,
  InfoIcon,
  ListIcon,
  MapIcon,
  PlayIcon,
  SettingsIcon,
  UploadIcon,
  WaterIcon,
} from '../../ui/icons';
import {
  activeEntry,
  addSceneLink,
  settingsLink,
  siteEntryLabel,
  visibleEntries,
  WATER_SITE_TITLE,
  type EntryKey,
} from './sidebarEntries';
import type { ReactNode } from 'react';
import { SiteDisabledNotice } from './SiteDisabledNotice';
import { AccountBox } from './AccountBox';

export const RESEARCH_GROUP_URL: string =
  import.meta.env.VITE_RESEARCH_GROUP_URL ?? 'https://example.org/research-group';
export const PRODUCT_LABEL = 'Survey360';

export function Sidebar() {
  const [collapsed, setCollapsed] = useAtom(sidebarCollapsedAtom);
  const site = useSiteId();
  const settings = useCurrentSettings();
  const isAdmin = useIsAdmin();
  // Turning multi-site on is a superAdmin's (the app's settings), not every site administrator's.
  const maySwitchMultiSite = useMayDo('switchMultiSite', null);
  const mayAddScenes = useMayDo('addScenes');
  const sso = useSsoEnabled();
  const kiosk = useAtomValue(kioskAtom);
  const kioskHome = useAtomValue(kioskHomeAtom);
  const endingKiosk = useKioskEndPending();
  const multiSite = useMultiSiteMode();
  const path = useSitePath();
  const location = useLocation();
  const navigate = useNavigate();
  const openAnimation = useSetAtom(animationModalOpenAtom);
  // The floor in view comes from the URL (the viewer keeps it there); elsewhere the site's initial floor.
  const viewedFloor = parseViewerLink(location.search).floor;
  const floor = viewedFloor ?? settings?.initial_settings.floor ?? 0;
  const floorExists = useFloorExists(site, multiSite ? floor : null);
  const siteExists = useSiteExists(site);
  const patchConfig = usePatchAppConfig();
  // On a phone the expanded sidebar is a sheet over the page: Escape folds it like any other.
  const phone = useAtomValue(viewportClassAtom) !== 'desktop';
  useEscape(phone && !collapsed, () => setCollapsed(true));

  if (!settings) return null;
  const entries = visibleEntries({
    isAdmin,
    ssoEnabled: sso,
    kiosk,
    multiSite,
    floorPopulated: floorExists.data ?? true,
    documentation: settings.enable.documentation,
    about: settings.enable.about,
    animations: settings.enable.animations,
  });
  const active = activeEntry(location.pathname, multiSite);
  const noConfig = siteExists.data === false;

  const item = (key: EntryKey, to: string, icon: ReactNode, label: string) => (
    <li key={key}>
      <Link
        to={to}
        className="nav-entry"
        aria-current={active === key ? 'page' : undefined}
        title={collapsed ? label : undefined}
      >
        <span className="nav-icon">{icon}</span>
        <span className="nav-text">{label}</span>
      </Link>
    </li>
  );

  return (
    <nav className={`sidebar${collapsed ? ' collapsed' : ''}`} aria-label="Main">
      <div className="sidebar-top">
        {kiosk ? (
          // A kiosk never leaves the app: the label is not a link there.
          <span className="product-label">
            <span className="product-mark" aria-hidden="true">
              360
            </span>
            <span className="nav-text">{PRODUCT_LABEL}</span>
          </span>
        ) : (
          <a
            className="product-label"
            href={RESEARCH_GROUP_URL}
            target="_blank"
            rel="noopener noreferrer"
            title={`${PRODUCT_LABEL} (opens the research group website in a new window)`}
          >
            <span className="product-mark" aria-hidden="true">
              360
            </span>
            <span className="nav-text">
              {PRODUCT_LABEL}
              <span className="visually-hidden"> (opens in a new window)</span>
            </span>
          </a>
        )}
        <button
          type="button"
          className="icon-button collapse-toggle"
          onClick={() => setCollapsed(!collapsed)}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
        >
          {collapsed ? <ChevronRight /> : <ChevronLeft />}
        </button>
      </div>
      <ul className="nav-list">
        {entries.map((key) => {
          switch (key) {
            // A kiosk's Home stays in the site it shows (domain/kiosk): never the pin map from inside a site.
            case '/':
              return kiosk
                ? item(key, kioskHome, <HomeIcon />, 'Home')
                : item(key, '/', multiSite ? <MapIcon /> : <HomeIcon />, 'Home');
            case 'site':
              return item(
                key,
                path('site'),
                settings.display.title === WATER_SITE_TITLE ? <WaterIcon /> : <BuildingIcon />,
                siteEntryLabel(noConfig, mayAddScenes),
              );
            // Scenes are added to the floor in view: the entry carries it to the upload form.
            case 'addScene':
              return item(key, addSceneLink(path('addScene'), viewedFloor), <UploadIcon />, 'Add Scene');
            case 'surveys':
              return item(key, path('surveys'), <ListIcon />, 'Surveys');
            case 'documentation':
              return item(key, path('documentation'), <DocIcon />, 'Documentation');
            case '/about':
              return item(key, path('about'), <InfoIcon />, 'About');
            case 'settings':
              return item(
                key,
                settingsLink(path('settings'), active === 'site', location.search),
                <SettingsIcon />,
                'Site settings',
              );
            case 'animation':
              return (
                <li key={key}>
                  <button
                    type="button"
                    className="nav-entry"
                    onClick={() => openAnimation(true)}
                    title={collapsed ? 'Animation' : undefined}
                  >
                    <span className="nav-icon">
                      <PlayIcon />
                    </span>
                    <span className="nav-text">Animation</span>
                  </button>
                </li>
              );
          }
        })}
      </ul>
      {site ? <SiteDisabledNotice site={site} isAdmin={isAdmin} collapsed={collapsed} /> : null}
      {/* On a kiosk only while it is asked to end (kiosk=0): an administrator signs in there to end it. */}
      {sso && (!kiosk || endingKiosk) ? <AccountBox collapsed={collapsed} /> : null}
      {maySwitchMultiSite && !multiSite ? (
        <div className="sidebar-bottom">
          <button
            type="button"
            className="nav-entry admin-action"
            disabled={patchConfig.isPending}
            title={collapsed ? 'Enable Multisite' : undefined}
            onClick={() =>
              // A promise, not mutate's own callbacks: the write re-reads the settings before it resolves, the
              // sidebar may be re-mounted meanwhile, and mutate's callbacks die with it.
              patchConfig.mutateAsync({ enableMultiSite: true }).then(
                () => navigate('/'),
                (e: Error) => toast.error(e.message),
              )
            }
          >
            <span className="nav-icon">
              <MapIcon />
            </span>
            <span className="nav-text">Enable Multisite</span>
          </button>
        </div>
      ) : null}
    </nav>
  );
}
