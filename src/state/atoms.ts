// Client state of the viewer, as jotai atoms: where we are (site, view), which panels are open, and the modes.
// Server data lives in TanStack Query, never here; floor, date and scene live in the URL only (domain/viewer).
import { atom } from 'jotai';
import type { ViewParameters } from '../../contract/api';

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
/** Move the panorama to a view: a pan, or a jump with `animate: false`. Nothing while no renderer is live. */
export const requestViewAtom = atom(null, (get, _set, req: { view: Partial<ViewParameters>; animate?: boolean }) => {
  const p = get(panoramaAtom);
  if (!p) return;
  if (req.animate ?? true) void p.lookTo(req.view);
  else p.setView({ ...p.getView(), ...req.view });
});

// ---------- panels ----------
export const sidebarCollapsedAtom = atom<boolean>(false);
export const timelineOpenAtom = atom<boolean>(false);
export const hotspotListOpenAtom = atom<boolean>(false);
/** The open info hotspot (null: info panel closed). */
export const infoPanelAtom = atom<{ tilesId: string; infoId: string; title: string } | null>(null);
export const showCameraInfoAtom = atom<boolean>(false);
export const minimapEnlargedAtom = atom<boolean>(false);
export const animationModalOpenAtom = atom<boolean>(false);
/** The enlarged image or video of the media modal. */
export const mediaModalAtom = atom<{ kind: 'image' | 'video'; src: string; alt: string } | null>(null);

// ---------- modes ----------
/** Kiosk: no admin controls, idle auto-rotate, return to the initial scene. */
export const kioskAtom = atom<boolean>(false);
/** Opens or closes the enlarged minimap. Closing it also cancels the node editor's flow (spec section 4): the
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
