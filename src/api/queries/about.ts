// The about page text of a site.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, send, seg } from '../client';
import { keys } from '../../../contract/queryKeys';
import { refreshAfterWrite } from '../writeRefresh';

export function useAbout(site: string) {
  return useQuery({
    queryKey: keys.about(site),
    enabled: !!site,
    queryFn: async ({ signal }) =>
      (await getJson<{ info: string } | null>(`/api/site/${seg(site)}/about`, { signal }))?.info ?? '',
  });
}

export function usePutAbout(site: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (info: string) => send<unknown>('PUT', `/api/site/${seg(site)}/about`, { info }),
    onSuccess: () => refreshAfterWrite(qc, [keys.about(site)]),
  });
}
