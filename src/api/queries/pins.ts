// Multi-site map: pins and site maps.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, send, seg, upload } from '../client';
import type { Pin, Sitemap } from '../../../contract/api';
import { keys } from '../../../contract/queryKeys';
import { refreshAfterWrite } from '../writeRefresh';

export type PinBody = Partial<Omit<Pin, '_id'>> & { _id?: string };

export function usePins() {
  return useQuery({ queryKey: keys.pins, queryFn: ({ signal }) => getJson<Pin[]>('/api/map-pins', { signal }) });
}

/** One site map; the name defaults to 'default'. */
export function useSitemap(name: string | null) {
  const n = name || 'default';
  return useQuery({
    queryKey: keys.sitemap(n),
    queryFn: ({ signal }) => getJson<Sitemap>(`/api/site-map/${seg(n)}`, { signal }),
  });
}

export function useSitemaps() {
  return useQuery({
    queryKey: keys.sitemaps,
    queryFn: ({ signal }) => getJson<Sitemap[]>('/api/site-maps', { signal }),
  });
}

/** A pin's state decides whether its site is disabled, which the site list marks. */
const pinsChanged = (qc: ReturnType<typeof useQueryClient>) => refreshAfterWrite(qc, [keys.pins, keys.sites]);

export function useCreatePin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PinBody) => send<Pin>('POST', '/api/map-pins', body),
    onSuccess: () => pinsChanged(qc),
  });
}

export function useUpdatePin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PinBody }) => send<Pin>('PATCH', `/api/map-pins/${seg(id)}`, body),
    onSuccess: () => pinsChanged(qc),
  });
}

export function useUpdatePinCoords() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, x, y }: { id: string; x: number; y: number }) =>
      send<Pin>('PATCH', `/api/map-pins/${seg(id)}/coords`, { x, y }),
    onSuccess: () => refreshAfterWrite(qc, [keys.pins]),
  });
}

export function useDeletePin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => send<unknown>('DELETE', `/api/map-pins/${seg(id)}`),
    onSettled: () => pinsChanged(qc),
  });
}

/** Uploads a pin cover image; answers its url. */
export function useUploadPinPreview() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return (await upload<{ url: string }>('/api/map-pins/preview', form)).url;
    },
  });
}

export function useCreateSitemap() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; image_url: string }) => send<Sitemap>('POST', '/api/create-site-map', body),
    onSuccess: () => refreshAfterWrite(qc, [keys.sitemaps]),
  });
}
