// An info hotspot's text as the hotspot editor shows it: its sections (an export may have several, each with a
// title) joined into one HTML text. A save that leaves the text as it was keeps the sections as stored.
import type { HotspotDescription } from '../../../contract/api.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const joinedInfoText = (contents: HotspotDescription['contents']): string =>
  contents.map((c) => (c.title ? `<h3>${escapeHtml(c.title)}</h3>` : '') + c.content).join('');
