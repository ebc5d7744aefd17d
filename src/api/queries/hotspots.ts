// Info hotspot descriptions of one scene.
import { useQuery } from '@tanstack/react-query';
import { getJsonOr, seg } from '../client';
import type { HotspotDescription } from '../../../contract/api';
import { keys } from '../../../contract/queryKeys';

/** Descriptions of a scene's info hotspots; success false gives an empty list. */
export function useHotspotDescriptions(site: string, tilesId: string | null) {
  return useQuery({
    queryKey: keys.hotspots(site, tilesId ?? ''),
    enabled: !!site && !!tilesId,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      const payload = await getJsonOr<HotspotDescription[] | HotspotDescription | null>(
        `/api/site/${seg(site)}/hotspot/details`,
        [],
        { query: { tilesId }, signal },
      );
      if (!payload) return [];
      return Array.isArray(payload) ? payload : [payload];
    },
  });
}
