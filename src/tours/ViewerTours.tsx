// The viewer's guided tours, loaded once the first view is complete: the toolbar's "Guided tours" button (only
// when the site has a published tour), and the player of the tour the address names (a visitor's) or the one a
// kiosk left alone plays in a loop. Nothing of this is fetched before the first view.
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAtom, useAtomValue } from 'jotai';
import { kioskAtom, kioskTourAtom, siteAtom } from '../state/atoms';
import { usePublishedTours } from '../api/queries/tours';
import TourPlayer from './TourPlayer';
import { parseTourLink, withTourLink } from './tourLink';
import { RouteIcon } from '../ui/icons';

/** Starts tour `id` at its first stop: a new history entry, so Back leaves the tour. */
function useStartTour() {
  const location = useLocation();
  const navigate = useNavigate();
  return (id: string) =>
    navigate({ pathname: location.pathname, search: withTourLink(location.search, { tour: id, stop: 0 }) });
}

export function TourButton() {
  const site = useAtomValue(siteAtom);
  const kiosk = useAtomValue(kioskAtom);
  const tours = usePublishedTours(site, true).data ?? [];
  const start = useStartTour();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  if (kiosk || tours.length === 0) return null;
  if (tours.length === 1)
    return (
      <button type="button" className="tool-button" onClick={() => start(tours[0].id)}>
        <RouteIcon /> <span className="tool-label">Guided tour</span>
      </button>
    );
  return (
    <span className="tour-menu-anchor">
      <button
        type="button"
        className="tool-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <RouteIcon /> <span className="tool-label">Guided tours</span>
      </button>
      {open ? (
        <ul id={menuId} className="tour-menu" aria-label="Guided tours">
          {tours.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className="tool-button"
                onClick={() => {
                  setOpen(false);
                  start(t.id);
                }}
              >
                {t.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}

export function TourStage() {
  const site = useAtomValue(siteAtom);
  const [kioskTour, setKioskTour] = useAtom(kioskTourAtom);
  const tours = usePublishedTours(site, true).data;
  const location = useLocation();
  const navigate = useNavigate();
  const link = parseTourLink(location.search);
  const kioskPlays = kioskTour !== null && !!tours?.length;
  useEffect(() => {
    if (kioskPlays && kioskTour === 'wanted') setKioskTour('playing');
  }, [kioskPlays, kioskTour, setKioskTour]);
  if (!tours) return null;
  if (kioskPlays)
    return <TourPlayer key="kiosk" tour={tours[0]} startAt={0} mode="kiosk" onClose={() => setKioskTour(null)} />;
  const tour = link && tours.find((t) => t.id === link.tour);
  if (!link) return null;
  const close = () => navigate({ pathname: location.pathname, search: withTourLink(location.search, null) });
  if (!tour)
    return (
      <div className="tour-player" role="region" aria-label="Tour">
        <p className="tour-caption" role="status">
          This tour is not published (any more).
        </p>
        <button type="button" className="tool-button" onClick={close}>
          End tour
        </button>
      </div>
    );
  return <TourPlayer key={tour.id} tour={tour} startAt={link.stop} onClose={close} />;
}
