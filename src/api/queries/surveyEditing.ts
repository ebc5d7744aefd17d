// The survey manager's reads and writes. Every write sends the revision it started from; its answer (or a 409)
// is followed by a refresh of the site's content here, in the other tabs, and through the change stream elsewhere.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, send, seg } from '../client';
import { keys } from '../../../contract/queryKeys';
import type { AuditPage, ManagedScene, ManagedSurvey, Removal } from '../../../contract/surveyEditing';
import type { ViewParameters } from '../../../contract/api';
import { refreshAfterWrite, siteContent } from '../writeRefresh';

const base = (site: string) => `/api/site/${seg(site)}/manage`;

export function useManagedSurveys(site: string, enabled = true) {
  return useQuery({
    queryKey: keys.managedSurveys(site),
    enabled: enabled && !!site,
    queryFn: ({ signal }) => getJson<ManagedSurvey[]>(`${base(site)}/surveys`, { signal }),
  });
}

export type Removable = { kind: 'survey' | 'scene'; id: string };

/** What deleting a survey or a scene would remove, read fresh each time the dialog opens. */
export function useRemoval(site: string, what: Removable) {
  return useQuery({
    queryKey: keys.removal(site, what.kind, what.id),
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }) => getJson<Removal>(`${base(site)}/${what.kind}/${seg(what.id)}/removal`, { signal }),
  });
}

export type SurveyEdit = { revision: number; survey_name?: string; floor?: number; date?: string };
export type SceneEdit = { revision: number; title?: string; initial_parameters?: ViewParameters; north?: number };

/** One mutation for every manager write: the request, then the site's content read again. */
function useManagerWrite<V, T>(site: string, request: (v: V) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => refreshAfterWrite(qc, siteContent(site)),
  });
}

export const useEditSurvey = (site: string, id: string) =>
  useManagerWrite(site, (edit: SurveyEdit) => send<ManagedSurvey>('PATCH', `${base(site)}/survey/${seg(id)}`, edit));

export const useEditScene = (site: string, id: string) =>
  useManagerWrite(site, (edit: SceneEdit) => send<ManagedScene>('PATCH', `${base(site)}/scene/${seg(id)}`, edit));

export const useMoveScene = (site: string, id: string) =>
  useManagerWrite(site, (body: { revision: number; survey: string }) =>
    send<ManagedScene>('POST', `${base(site)}/scene/${seg(id)}/move`, body),
  );

export const useDelete = (site: string, what: Removable) =>
  useManagerWrite(site, (revision: number) =>
    send<Removal>('DELETE', `${base(site)}/${what.kind}/${seg(what.id)}`, { revision }),
  );

/** The site's audit trail, newest first, a page at a time. */
export function useAuditTrail(site: string) {
  return useInfiniteQuery({
    queryKey: keys.auditTrail(site),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      getJson<AuditPage>(`/api/site/${seg(site)}/audit`, { signal, query: { before: pageParam, limit: 50 } }),
    getNextPageParam: (last) => last.next,
  });
}
