// A tour in the viewer's deep link: `tour=<id>&stop=<n>` (n counts from 1, as people read "Stop 2 of 5") beside
// the scene and view parameters, so a shared link opens the tour at that stop. Pure.

export interface TourLink {
  tour: string;
  /** Index into the tour's stops (from 0). */
  stop: number;
}

export function parseTourLink(search: string): TourLink | null {
  const p = new URLSearchParams(search);
  const tour = p.get('tour');
  if (!tour) return null;
  const n = Number(p.get('stop'));
  return { tour, stop: Number.isInteger(n) && n >= 1 ? n - 1 : 0 };
}

/** `search` (without '?') with the tour parameters set, or removed when `link` is null; others are kept. */
export function withTourLink(search: string, link: TourLink | null): string {
  const p = new URLSearchParams(search);
  p.delete('tour');
  p.delete('stop');
  if (link) {
    p.set('tour', link.tour);
    p.set('stop', String(link.stop + 1));
  }
  return p.toString();
}
