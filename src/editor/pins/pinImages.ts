// Pin icons as small SVG images for the Konva canvas (the same drawings as the DOM icons of the visitor map:
// learn, shop, farm, pig, animal, truck, default plus), plus the eye-slash of a disabled pin.
const BODIES: Record<string, string> = {
  learn: '<path d="m2 9 10-5 10 5-10 5z"/><path d="M6 11v5c3 2 9 2 12 0v-5"/>',
  shop: '<path d="M4 9h16l-1-5H5z"/><path d="M5 9v11h14V9M10 20v-6h4v6"/>',
  farm: '<path d="M3 21V10l9-6 9 6v11z"/><path d="M9 21v-7h6v7M9 14l6 7M15 14l-6 7"/>',
  pig: '<ellipse cx="12" cy="13" rx="8" ry="6"/><ellipse cx="12" cy="14" rx="3" ry="2"/><path d="M7 8 6 4l4 3M17 8l1-4-4 3"/>',
  animal:
    '<circle cx="6" cy="9" r="2"/><circle cx="10" cy="5" r="2"/><circle cx="14" cy="5" r="2"/><circle cx="18" cy="9" r="2"/><path d="M8 17c0-3 2-5 4-5s4 2 4 5c0 2-2 3-4 3s-4-1-4-3z"/>',
  truck: '<path d="M2 6h12v10H2zM14 10h4l3 3v3h-7z"/><circle cx="6" cy="18" r="2"/><circle cx="17" cy="18" r="2"/>',
  plus: '<path d="M12 5v14M5 12h14"/>',
  eyeSlash:
    '<path d="M3 3l18 18"/><path d="M10.6 6.1A9.8 9.8 0 0 1 12 6c5 0 9 6 9 6a16 16 0 0 1-3 3.4M6.6 6.6C4.4 8 3 12 3 12s4 6 9 6a8.7 8.7 0 0 0 4.4-1.2"/><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2"/>',
};

/** A data: URL of the icon drawn in `color` (unknown icons draw the plus). */
export function pinIconUrl(icon: string, color = '#ffffff'): string {
  const body = BODIES[icon] ?? BODIES.plus;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="48" height="48" fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export const ICON_NAMES = Object.keys(BODIES).filter((k) => k !== 'eyeSlash');
