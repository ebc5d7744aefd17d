// The viewer's layout model, stated once: which panels exist, where each one sits for each class of viewport,
// and so which may be open together. Opening a panel closes every open panel it cannot share the screen with;
// nothing ever covers another. Pure: the atoms (state/atoms) and the stylesheet follow it, and the unit test
// checks every pair. The stylesheet (app.css) places the regions named here.
export const PANELS = ['sidebar', 'hotspots', 'timeline', 'info', 'camera', 'minimap'] as const;
/** sidebar: the expanded sidebar; minimap: the enlarged minimap (the small one is not a panel: it always shows). */
export type Panel = (typeof PANELS)[number];

export const VIEWPORT_CLASSES = ['desktop', 'phone-upright', 'phone-sideways'] as const;
export type ViewportClass = (typeof VIEWPORT_CLASSES)[number];

/** Phones held sideways are short (at most 500 px high); upright ones (and narrow windows) narrow. Tablets
 *  and desktops get the desktop layout. Mirrored by the media queries of app.css. */
export const PHONE_MAX_WIDTH = 700;
export const PHONE_MAX_HEIGHT = 500;
export function viewportClass(width: number, height: number): ViewportClass {
  if (height <= PHONE_MAX_HEIGHT && width > height) return 'phone-sideways';
  if (width <= PHONE_MAX_WIDTH) return 'phone-upright';
  return 'desktop';
}

/** The sidebar starts collapsed on phones, either way up (expanded, it would lie over the viewer): the viewer's
 *  first render asks by its screen's class, the first script by the window's size. */
export const sidebarStartsCollapsedIn = (layout: ViewportClass): boolean => layout !== 'desktop';
export const sidebarStartsCollapsed = (width: number, height: number): boolean =>
  sidebarStartsCollapsedIn(viewportClass(width, height));

/** The sidebar's width beside the viewer as a page opens, CSS pixels: expanded on desktops (app.css --sidebar-w),
 *  collapsed on phones (--sidebar-w-small of the phone media query). Mirrored by app.css. */
export const SIDEBAR_START_WIDTH: Record<ViewportClass, number> = {
  desktop: 216,
  'phone-upright': 52,
  'phone-sideways': 52,
};

/** The panorama's box as a page opens (the whole height beside the sidebar), for a script that runs before the
 *  stylesheet has come and so cannot measure it (src/firstTiles.ts). */
export function panoramaBoxAtStart(width: number, height: number): { width: number; height: number } {
  return { width: Math.max(0, width - SIDEBAR_START_WIDTH[viewportClass(width, height)]), height };
}

/** Where a panel sits. 'screen' takes the whole viewer (it shares it with nothing); 'beside' is outside the
 *  viewer (the desktop sidebar pushes the viewer aside). Two panels in one region would cover each other. */
type Region = 'screen' | 'beside' | 'panel' | 'sheet' | 'camera';

const REGIONS: Record<ViewportClass, Record<Panel, Region>> = {
  // The right-hand column takes one panel at a time; camera info has its own area at the bottom.
  desktop: {
    sidebar: 'beside',
    hotspots: 'panel',
    timeline: 'panel',
    info: 'panel',
    camera: 'camera',
    minimap: 'screen',
  },
  // One bottom sheet at a time; the expanded sidebar lies over the viewer, so it is alone on screen.
  'phone-upright': {
    sidebar: 'screen',
    hotspots: 'sheet',
    timeline: 'sheet',
    info: 'sheet',
    camera: 'camera',
    minimap: 'screen',
  },
  // A short screen: one side panel at a time on the right; the expanded sidebar lies over the viewer.
  'phone-sideways': {
    sidebar: 'screen',
    hotspots: 'panel',
    timeline: 'panel',
    info: 'panel',
    camera: 'camera',
    minimap: 'screen',
  },
};

export function regionOf(panel: Panel, vp: ViewportClass): Region {
  return REGIONS[vp][panel];
}

/** May `a` and `b` be open at the same time on this viewport? */
export function compatible(a: Panel, b: Panel, vp: ViewportClass): boolean {
  if (a === b) return true;
  const ra = regionOf(a, vp),
    rb = regionOf(b, vp);
  if (ra === 'screen' || rb === 'screen') return false;
  return ra !== rb;
}

/** The open panels, oldest first, after opening `panel`: it closes every open panel it cannot share with. */
export function afterOpening(open: readonly Panel[], panel: Panel, vp: ViewportClass): Panel[] {
  return [...open.filter((p) => p !== panel && compatible(p, panel, vp)), panel];
}

export function afterClosing(open: readonly Panel[], panel: Panel): Panel[] {
  return open.includes(panel) ? open.filter((p) => p !== panel) : [...open];
}

/** After the viewport changed class (a phone turned): the newest panels win, older ones that no longer fit close. */
export function fitTo(open: readonly Panel[], vp: ViewportClass): Panel[] {
  const kept: Panel[] = [];
  for (const p of [...open].reverse()) if (kept.every((k) => compatible(k, p, vp))) kept.unshift(p);
  return kept;
}

/** On an upright phone the panels are bottom sheets of at most this share of the viewer's height (app.css). */
export const SHEET_MAX_SHARE = 0.5;

/** Where (share of the viewer's height from the top) a hotspot the view turns to should sit: the middle of
 *  the screen, or on an upright phone the middle of the part above the sheet its info opens in. */
export function focusShare(vp: ViewportClass): number {
  return vp === 'phone-upright' ? (1 - SHEET_MAX_SHARE) * 0.6 : 0.5;
}

/** The camera pitch that shows a point at `pitch` (radians, positive down) at `share` of the height, for a
 *  vertical field of view `vfov` (rectilinear projection, exact when the camera faces the point's yaw). */
export function pitchToShow(pitch: number, vfov: number, share: number): number {
  return pitch + Math.atan((0.5 - share) * 2 * Math.tan(vfov / 2));
}
