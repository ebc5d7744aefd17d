// Multi-site map home for visitors: the project title, the site-map image with the pins of the current map,
// a map selector, and the 'see more / see less' list of pins grouped by map. Administrators also see disabled
// pins (darkened, 'Site Disabled') and the 'To Single Site' action; the pin editor comes with src/editor.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAtomValue } from 'jotai';
import { kioskAtom } from '../../state/atoms';
import type { Pin } from '../../../contract/api';
import { projectTitleOf } from '../../../contract/projectTitle';
import { useAppConfig } from '../../api/queries/settings';
import { usePins, useSitemap, useSitemaps } from '../../api/queries/pins';
import { useIsAdmin } from '../../domain/useAdmin';
import { ChevronDown, EyeSlashIcon, PinGlyph } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import {
  DEFAULT_SITEMAP,
  groupPinsBySitemap,
  pinTarget,
  readCurrentSitemap,
  visiblePins,
  writeCurrentSitemap,
} from '../../domain/pins';

// The administrator's pin editor (Konva): loaded only for administrators.
const AdminPinMap = lazy(() => import('../../editor/pins/AdminPinMap'));

export default function MultiSiteHome() {
  const config = useAppConfig().data;
  const isAdmin = useIsAdmin(null);
  const navigate = useNavigate();
  const kiosk = useAtomValue(kioskAtom);
  const [mapName, setMapName] = useState(readCurrentSitemap);
  const [seeMore, setSeeMore] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const pins = usePins();
  const sitemap = useSitemap(mapName);
  const sitemaps = useSitemaps();
  const title = projectTitleOf(config?.projectTitle);
  useDocumentTitle(title);

  useEffect(() => {
    writeCurrentSitemap(mapName);
  }, [mapName]);
  useEffect(() => {
    if (pins.isError) console.error('request failed', pins.error);
  }, [pins.isError, pins.error]);

  // A kiosk never leaves the product: pins that link to another website are not offered there.
  const offered = (pins.data ?? []).filter((p) => !(kiosk && p.external_url));
  const shown = visiblePins(offered, mapName, isAdmin);
  const groups = groupPinsBySitemap(offered, isAdmin);
  const mapNames = Array.from(
    new Set([DEFAULT_SITEMAP, ...(sitemaps.data ?? []).map((s) => s.name), ...groups.map((g) => g.sitemap), mapName]),
  ).sort((a, b) => a.localeCompare(b));

  const follow = (pin: Pin) => {
    if (isAdmin) {
      setSelected(pin._id === selected ? null : pin._id);
      return;
    }
    const t = pinTarget(pin);
    if (t.external) {
      if (!kiosk) window.location.assign(t.url);
    } else navigate(t.path);
  };
  const selectedPin = shown.find((p) => p._id === selected);

  return (
    <main className="multisite-home">
      <header className="multisite-header">
        <h1>{title}</h1>
        <label className="map-select">
          <span>Map</span>
          <select
            value={mapName}
            onChange={(e) => {
              setMapName(e.target.value);
              setSelected(null);
            }}
          >
            {mapNames.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </header>
      {isAdmin ? (
        // Administrators get the Konva pin editor with its toolbar (To Single Site moved there, the pin panel).
        <Suspense fallback={<Spinner label="Loading the map editor" />}>
          <AdminPinMap mapName={mapName} onMapChange={setMapName} />
        </Suspense>
      ) : (
        <div className="sitemap-wrap">
          <div
            className="sitemap"
            onClick={(e) => {
              if (e.target === e.currentTarget || (e.target as HTMLElement).tagName === 'IMG') setSelected(null);
            }}
          >
            {sitemap.isPending ? (
              <Spinner label="Loading the map" />
            ) : sitemap.data?.image_url ? (
              <img
                src={sitemap.data.image_url}
                alt={`Site map: ${mapName}`}
                className="sitemap-image"
                draggable={false}
              />
            ) : (
              <div className="sitemap-empty">No map image.</div>
            )}
            {shown.map((p) => (
              <button
                key={p._id}
                type="button"
                className={`pin${p.enabled ? '' : ' disabled'}${p._id === selected ? ' selected' : ''}`}
                style={{ left: `${p.x}%`, top: `${p.y}%` }}
                onClick={() => follow(p)}
                aria-label={`${p.name}${p.enabled ? '' : ' (Site Disabled)'}${p.external_url ? ' (external link)' : ''}`}
                title={p.name}
              >
                <span className="pin-head">
                  <PinGlyph icon={p.icon} />
                </span>
                <span className="pin-label name-line">{p.name}</span>
                {!p.enabled ? (
                  <span className="pin-disabled">
                    <EyeSlashIcon /> Site Disabled
                  </span>
                ) : null}
              </button>
            ))}
          </div>
          {isAdmin && selectedPin ? (
            <div className="pin-panel panel" role="region" aria-label={`Selected: ${selectedPin.name}`}>
              <h2 className="panel-title">{selectedPin.name}</h2>
              <button
                type="button"
                className="primary-button"
                onClick={() => {
                  const t = pinTarget(selectedPin);
                  if (t.external) window.location.assign(t.url);
                  else navigate(t.path);
                }}
              >
                Go to site
              </button>
            </div>
          ) : null}
        </div>
      )}
      <section className="see-more">
        <button
          type="button"
          className="secondary-button"
          aria-expanded={seeMore}
          aria-controls="pin-groups"
          onClick={() => setSeeMore(!seeMore)}
        >
          {seeMore ? 'See less farms' : 'See more farms'} <ChevronDown className={seeMore ? 'rot-180' : undefined} />
        </button>
        {seeMore ? (
          <div id="pin-groups" className="pin-groups">
            {groups.map((g) => (
              <section key={g.sitemap}>
                <h2>{g.sitemap}</h2>
                <ul>
                  {g.pins.map((p) => (
                    <li key={p._id}>
                      <button
                        type="button"
                        className="list-button"
                        onClick={() => {
                          if (g.sitemap !== mapName) setMapName(g.sitemap);
                          if (!isAdmin) follow(p);
                          else setSelected(p._id);
                        }}
                      >
                        <PinGlyph icon={p.icon} /> {p.name}
                        {!p.enabled ? ' (Site Disabled)' : ''}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ) : null}
      </section>
    </main>
  );
}
