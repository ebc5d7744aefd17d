// Survey reads: scenes of a floor and date (abortable), dates, floors with data, existence, node positions.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, getJsonOr, seg } from '../client';
import type { MinimapNodeEntry, SurveyDateEntry, SurveyScene, SurveySummary } from '../../../contract/api';
import { keys } from '../../../contract/queryKeys';

const site$ = (site: string) => `/api/site/${seg(site)}`;

/**
 * Scenes of one floor on one date. The query's AbortSignal goes to fetch, so changing floor or date
 * (a new key) cancels the request in flight.
 */
export function useSurveyDetails(site: string, floor: number | null, date: string | null, enabled = true) {
  return useQuery({ ...surveyDetailsQuery(site, floor, date), enabled: enabled && !!site && floor !== null });
}

/** The scenes read, as options: the page's hook and a date or floor switch that fetches ahead share them. */
export const surveyDetailsQuery = (site: string, floor: number | null, date: string | null) =>
  queryOptions({
    queryKey: keys.surveyDetails(site, floor ?? -1, date),
    queryFn: ({ signal }) =>
      getJson<SurveyScene[]>(`${site$(site)}/survey/details`, { query: { floor: floor ?? 0, date }, signal }),
  });

/** Survey dates (with survey names), optionally of one floor. */
export function useSurveyDates(site: string, floor: number | null, enabled = true) {
  return useQuery({ ...surveyDatesQuery(site, floor), enabled: enabled && !!site });
}

export const surveyDatesQuery = (site: string, floor: number | null) =>
  queryOptions({
    queryKey: keys.surveyDates(site, floor, null),
    queryFn: ({ signal }) =>
      getJson<SurveyDateEntry[]>(`${site$(site)}/survey/details/compact`, { query: { floor }, signal }),
  });

/** Floors holding survey data, optionally on one date. */
export function useFloorsWithData(site: string, date: string | null, enabled = true) {
  return useQuery({ ...floorsWithDataQuery(site, date), enabled: enabled && !!site });
}

export const floorsWithDataQuery = (site: string, date: string | null) =>
  queryOptions({
    queryKey: keys.floorsWithData(site, date),
    queryFn: ({ signal }) => getJson<number[]>(`${site$(site)}/survey/floors`, { query: { date }, signal }),
  });

export function useSurveyList(site: string) {
  return useQuery({
    queryKey: keys.surveys(site),
    enabled: !!site,
    queryFn: ({ signal }) => getJson<SurveySummary[]>(`${site$(site)}/surveys`, { signal }),
  });
}

export function useSiteExists(site: string) {
  return useQuery({
    queryKey: keys.siteExists(site),
    enabled: !!site,
    queryFn: async ({ signal }) =>
      (await getJson<{ sitePopulated?: boolean }>(`${site$(site)}/exists`, { signal })).sitePopulated ?? false,
  });
}

export function useFloorExists(site: string, floor: number | null) {
  return useQuery({
    queryKey: keys.floorExists(site, floor ?? -1),
    enabled: !!site && floor !== null,
    queryFn: async ({ signal }) =>
      (await getJson<{ floorPopulated?: boolean }>(`${site$(site)}/${seg(Math.max(0, floor ?? 0))}/exists`, { signal }))
        .floorPopulated ?? false,
  });
}

export function useEmptyFloors(site: string) {
  return useQuery({
    queryKey: keys.emptyFloors(site),
    enabled: !!site,
    queryFn: async ({ signal }) =>
      (await getJson<{ emptyFloors: number[] }>(`${site$(site)}/emptyFloors`, { signal })).emptyFloors,
  });
}

const nodesUrl = (site: string, floor: number | null) =>
  `${site$(site)}/${seg(Math.max(0, floor ?? 0))}/survey/minimapSingleSite`;

/** Node positions on a floor plan (of one date when given); failure is only logged by the caller. */
export function useMinimapNodes(site: string, floor: number | null, date: string | null) {
  return useQuery({ ...minimapNodesQuery(site, floor, date), enabled: !!site && floor !== null });
}

export const minimapNodesQuery = (site: string, floor: number | null, date: string | null) =>
  queryOptions({
    queryKey: keys.minimapNodes(site, floor ?? -1, date),
    queryFn: ({ signal }) => getJsonOr<MinimapNodeEntry[]>(nodesUrl(site, floor), [], { query: { date }, signal }),
  });

/** The node editor's tray: scenes of the floor (and date) that came without a place on the plan. */
export function useUnplacedNodes(site: string, floor: number, date: string | null, enabled: boolean) {
  return useQuery({
    queryKey: keys.unplacedNodes(site, floor, date),
    enabled: enabled && !!site,
    queryFn: ({ signal }) =>
      getJsonOr<MinimapNodeEntry[]>(nodesUrl(site, floor), [], { query: { date, placed: 'false' }, signal }),
  });
}
