// The viewports the hands-on specs run on: desktop, a phone held upright and sideways, a tablet.
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  'phone upright': { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  'phone sideways': { viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true },
  tablet: { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;
/** Desktop and the phone in both orientations: the three every point of the issue is proved on. */
export const THREE: ViewportName[] = ['desktop', 'phone upright', 'phone sideways'];
