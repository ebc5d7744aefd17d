// Client state of the viewer, as jotai atoms: where we are (site, view), which panels are open, and the modes.
// Server data lives in TanStack Query, never here; floor, date and scene live in the URL only (domain/viewer).
import { atom, type Getter, type Setter } from 'jotai';
import type { SurveyScene, ViewParameters } from '../../contract/api';
import type { PanoramaCompare } from '../scene/Panorama';
import { initialKiosk, kioskHomeFor, readStoredKiosk } from '../domain/kiosk';
import { atomWithDefault } from 'jotai/utils';
import { afterClosing, afterOpening, fitTo, type Panel, type ViewportClass } from '../domain/layout';
import { currentScreen } from '../screen';

// ---------- where we are ----------
/** The current site id. */
export const siteAtom = atom<string>('');
/** The view the camera shows now, reported by the panorama (radians; pitch positive looks down). */
export const viewAtom = atom<ViewParameters | null>(null);
/** The panorama on screen (set by the panorama slot while its renderer is live; null otherwise). */
export interface PanoramaControl {
  getView(): ViewParameters;
  setView(v: ViewParameters): void;
  /** Eased pan (the renderer's default length unless said). */
  lookTo(v: Partial<ViewParameters>, ms?: number): Promise<void>;
  enterVR(): Promise<void>;
}
export const panoramaAtom = atom<PanoramaControl | null>(null);
/** The second date of a comparison, as the panorama draws it beside the first (set by src/compare while compare
 *  is on; null otherwise). */
export const compareSideAtom = atom<PanoramaCompare | null>(null);
/** Where the second side of a comparison stands and looks, for the minimap (set by src/compare; null otherwise). */
export interface CompareMark {
  tilesId: string;
  date: string;
  /** The date as people read it ('Mar 12, 2024'). */
  dateLabel: string;
  /** Its camera's yaw (radians), as the renderer last reported it. */
  yaw: number;
}
export const compareMarkAtom = atom<CompareMark | null>(null);
/** The scene whose picture is on screen (set by the panorama slot; null before the first picture). */
export const shownSceneAtom = atom<SurveyScene | null>(null);
/** A view to move to, or how to find it from the view on screen when the request is carried out. */
export type ViewRequest = Partial<ViewParameters> | ((now: ViewParameters) => Partial<ViewParameters>);
/** Move the panorama to a view: a pan, or a jump with `animate: false`. Nothing while no renderer is live. A view
 *  that depends on the one on screen is computed here, from the live renderer: a caller's copy of the renderer
 *  taken at its last render may be older than the renderer (null while the engine was still loading). */
export const requestViewAtom = atom(null, (get, _set, req: { view: ViewRequest; animate?: boolean }) => {
  const p = get(panoramaAtom);
  if (!p) return;
  const now = p.getView();
  const view = typeof req.view === 'function' ? req.view(now) : req.view;
  if (req.animate ?? true) void p.lookTo(view);
  else p.setView({ ...now, ...view });
});

// ---------- panels ----------
// Which panels are open, oldest first. Every change goes through the layout model (domain/layout): opening one
// closes those it cannot share the screen with on this class of viewport, so no panel ever covers another.
const openPanelsAtom = atom<Panel[]>(['sidebar']);
/** The class of the viewport (set by the shell on resize); a change closes panels that no longer fit. */
// Read at a store's first use, not at the module's load: the server renders shells for several screens.
const viewportClassBaseAtom = atomWithDefault<ViewportClass>(() => currentScreen().layout);
export const viewportClassAtom = atom(
  (get) => get(viewportClassBaseAtom),
  (get, set, vp: ViewportClass) => {
    if (vp === get(viewportClassBaseAtom)) return;
    set(viewportClassBaseAtom, vp);
    set(openPanelsAtom, fitTo(get(openPanelsAtom), vp));
  },
);
/** The open panels, oldest first (read-only: open and close them through their own atoms). */
export const openPanelsListAtom = atom((get) => get(openPanelsAtom));
const setPanel = (get: Getter, set: Setter, panel: Panel, open: boolean) =>
  set(
    openPanelsAtom,
    open
      ? afterOpening(get(openPanelsAtom), panel, get(viewportClassBaseAtom))
      : afterClosing(get(openPanelsAtom), panel),
  );
const panelAtom = (panel: Panel) =>
  atom(
    (get) => get(openPanelsAtom).includes(panel),
    (get, set, open: boolean) => setPanel(get, set, panel, open),
  );

export const sidebarCollapsedAtom = atom(
  (get) => !get(openPanelsAtom).includes('sidebar'),
  (get, set, collapsed: boolean) => setPanel(get, set, 'sidebar', !collapsed),
);
export const timelineOpenAtom = panelAtom('timeline');
export const hotspotListOpenAtom = panelAtom('hotspots');
type InfoContent = { tilesId: string; infoId: string; title: string };
const infoContentAtom = atom<InfoContent | null>(null);
/** The open info hotspot (null: info panel closed). */
export const infoPanelAtom = atom(
  (get) => (get(openPanelsAtom).includes('info') ? get(infoContentAtom) : null),
  (get, set, info: InfoContent | null) => {
    set(infoContentAtom, info);
    setPanel(get, set, 'info', info !== null);
  },
);
export const showCameraInfoAtom = panelAtom('camera');
export const minimapEnlargedAtom = panelAtom('minimap');
export const animationModalOpenAtom = atom<boolean>(false);
/** The enlarged image or video of the media modal. */
export const mediaModalAtom = atom<{ kind: 'image' | 'video'; src: string; alt: string } | null>(null);

// ---------- modes ----------
/** A kiosk this browser was made by ?kiosk=1: read before the first paint from the URL and this browser's storage
 *  (domain/kiosk), so a reload or a restart is a kiosk from its first frame; ended only by kiosk=0. */
const startUrl = typeof window === 'undefined' ? null : window.location;
const storedKiosk = readStoredKiosk();
/** A kiosk left alone asks for the site's tour ('wanted'); the tour player says when it plays ('playing'), and the
 *  kiosk's slow turn stops then. Any input sets it back to null: the visitor has the viewer at once. */
export const kioskTourAtom = atom<null | 'wanted' | 'playing'>(null);
export const kioskByLinkAtom = atom<boolean>(startUrl ? initialKiosk(startUrl.search, storedKiosk) : false);
/** A kiosk because the site's setting says so: for as long as it says so (never stored, never in the URL), so
 *  turning the setting off ends it on every open page at once. */
export const kioskBySettingAtom = atom<boolean>(false);
/** Kiosk: no admin controls, idle auto-rotate, return to the initial scene. */
export const kioskAtom = atom((get) => get(kioskByLinkAtom) || get(kioskBySettingAtom));
/** Where the kiosk's Home leads (the site it was started in; the map home only when it started there). */
export const kioskHomeAtom = atom<string>(storedKiosk ?? (startUrl ? kioskHomeFor(startUrl.pathname) : '/'));
/** Opens or closes the enlarged minimap. Closing it also cancels the node editor's flow: the
 *  admin minimap's machine (editor/minimap/nodeEditor) edits on the enlarged map only. */
export const setMinimapEnlargedAtom = atom(null, (_get, set, enlarged: boolean) => {
  set(minimapEnlargedAtom, enlarged);
});

// ---------- the shell ----------
/** Where the current site's pages live: '' in single-site mode, '/site/{siteId}' in multi-site mode. */
export const basePathAtom = atom<string>('');
/** The app runs in multi-site mode (the site lives under /site/{siteId}/). */
export const multiSiteModeAtom = atom<boolean>(false);

/** The phone's orientation turns the view ("look around by moving the phone"); off until the visitor asks. */
export const deviceMotionAtom = atom<boolean>(false);
/** This browser offers immersive VR (a headset): the viewer shows an Enter VR button. */
export const vrAvailableAtom = atom<boolean>(false);
/** The Enter VR button: start the immersive session on the panorama (from the click itself). */
export const enterVrAtom = atom(null, (get) => {
  get(panoramaAtom)
    ?.enterVR()
    .catch((e: unknown) => console.error('Could not enter VR:', e));
});
