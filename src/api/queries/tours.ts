// Guided tours: the published tours a visitor may play, and the editor's reads and writes (each write sends the
// revision it started from; a 409 carries the tour as it is now).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, send, seg } from '../client';
import { keys } from '../../../contract/queryKeys';
import type { Tour, TourSaveBody } from '../../../contract/tours';
import { refreshAfterWrite, siteContent } from '../writeRefresh';

/** The site's published tours; asked only when `enabled` (after the first view: nothing competes with it). */
export function usePublishedTours(site: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.tours(site),
    enabled: enabled && !!site,
    queryFn: ({ signal }) => getJson<Tour[]>(`/api/site/${seg(site)}/tours`, { signal }),
  });
}

const base = (site: string) => `/api/site/${seg(site)}/manage/tours`;

export function useManagedTours(site: string) {
  return useQuery({
    queryKey: keys.managedTours(site),
    enabled: !!site,
    queryFn: ({ signal }) => getJson<Tour[]>(base(site), { signal }),
  });
}

export type TourWrite =
  | { kind: 'create'; name: string }
  | { kind: 'save'; id: string; body: TourSaveBody }
  | { kind: 'publish'; id: string; revision: number; published: boolean }
  | { kind: 'delete'; id: string; revision: number };

function request(site: string, w: TourWrite): Promise<Tour | { id: string }> {
  switch (w.kind) {
    case 'create':
      return send<Tour>('POST', base(site), { name: w.name });
    case 'save':
      return send<Tour>('PUT', `${base(site)}/${seg(w.id)}`, w.body);
    case 'publish':
      return send<Tour>('POST', `${base(site)}/${seg(w.id)}/publish`, {
        revision: w.revision,
        published: w.published,
      });
    case 'delete':
      return send<{ id: string }>('DELETE', `${base(site)}/${seg(w.id)}`, { revision: w.revision });
  }
}

/** Every tour write, followed by a refresh of the site's content (here, other tabs, other pages by the feed). */
export function useTourWrite(site: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (w: TourWrite) => request(site, w),
    onSettled: () => refreshAfterWrite(qc, siteContent(site)),
  });
}
