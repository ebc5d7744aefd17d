// Every info hotspot handed out has a name: its list entry, its chip and its panel are named by it. One without a
// title (stored before untitled hotspots were named by their first field, or with neither title nor fields) is
// "Information", numbered when the scene has several.
import type { InfoHotspot } from '../../contract/api.ts';

export function namedInfoHotspots(hotspots: InfoHotspot[]): InfoHotspot[] {
  const untitled = hotspots.filter((h) => !h.title?.trim()).length;
  let n = 0;
  return hotspots.map((h) => {
    if (h.title?.trim()) return h;
    n++;
    return { ...h, title: untitled > 1 ? `Information ${n}` : 'Information' };
  });
}
