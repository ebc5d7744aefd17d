// The link the Share button hands out: this page's address naming what is on screen (floor, date, node) with
// the view as it is now, not as the address had it 100 ms ago. Without `kiosk`: a kiosk remembers itself in
// the browser that opens its link, and whoever receives a link is a visitor, not a public screen.
import type { ViewParameters } from '../../../contract/api';
import { buildViewerSearch, parseViewerLink } from '../../../contract/viewerLink';

export function viewerShareUrl(href: string, view: ViewParameters | null): string {
  const url = new URL(href);
  const link = parseViewerLink(url.search);
  const keep = new URLSearchParams(url.search);
  keep.delete('kiosk');
  url.search = buildViewerSearch(view ? { ...link, view } : link, keep.toString());
  url.hash = '';
  return url.toString();
}
