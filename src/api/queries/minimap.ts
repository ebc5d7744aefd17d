// Floor plans (minimaps), the floor list and the admin writes on them: floor details, image, node edits.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, getJsonOr, send, seg, upload } from '../client';
import type { Floor, Minimap, MinimapNodeEntry } from '../../../contract/api';
import { emptyMinimap } from '../../../contract/emptyMinimap';
import { keys } from '../../../contract/queryKeys';
import { refreshAfterWrite } from '../writeRefresh';

const site$ = (site: string) => `/api/site/${seg(site)}`;

/** A floor's minimap; any failure gives the empty default minimap. */
export function useMinimap(site: string, floor: number | null) {
  return useQuery({
    queryKey: keys.minimap(site, floor ?? -1),
    enabled: !!site && floor !== null,
    queryFn: async ({ signal }) => {
      try {
        return await getJsonOr<Minimap>(`${site$(site)}/minimap/details`, emptyMinimap(site, floor ?? 0), {
          query: { floor },
          signal,
        });
      } catch (e) {
        if (e instanceof DOMException && e.name === 'AbortError') throw e;
        return emptyMinimap(site, floor ?? 0);
      }
    },
  });
}

/** Floors of the site with their names and tags. */
export function useMinimapFloors(site: string) {
  return useQuery({
    queryKey: keys.minimapFloors(site),
    enabled: !!site,
    queryFn: ({ signal }) => getJson<Floor[]>(`${site$(site)}/minimap/floors`, { signal }),
  });
}

/** Adds an empty floor n (a GET in the original API). */
export function useAddFloor(site: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (n: number) => send<unknown>('POST', `${site$(site)}/minimap/newFloor/${seg(n)}`),
    onSuccess: () => refreshAfterWrite(qc, [keys.site(site)]),
  });
}

export function usePatchFloorDetails(site: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { floor: number; floor_name: string; floor_tag: string }) =>
      send<unknown>('PATCH', `${site$(site)}/sitemap`, body),
    onSuccess: () => refreshAfterWrite(qc, [keys.site(site)]),
  });
}

export function useUploadMinimapImage(site: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ floor, file }: { floor: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return upload<unknown>(`${site$(site)}/minimap`, form, undefined, { floor });
    },
    onSuccess: () => refreshAfterWrite(qc, [keys.site(site)]),
  });
}

// A node edit names the scene revision it started from; a refusal (another edit came first) reads the site again, so
// the next attempt starts from the current node.
export function useUpdateNodeCoords(site: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, x, y, revision }: { id: string; x: number; y: number; revision: number }) =>
      send<MinimapNodeEntry>('PATCH', `/api/node/coords/${seg(id)}`, { x, y, revision }),
    onSettled: () => refreshAfterWrite(qc, [keys.site(site)]),
  });
}

export function useUpdateNodeRotation(site: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rotation, revision }: { id: string; rotation: number; revision: number }) =>
      send<MinimapNodeEntry>('PATCH', `/api/node/rotation/${seg(id)}`, { rotation, revision }),
    onSettled: () => refreshAfterWrite(qc, [keys.site(site)]),
  });
}
