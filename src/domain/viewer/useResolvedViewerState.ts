// What the viewer shows, resolved from what was asked (the URL: floor, date, node) and what the server has,
// with its fallbacks (contract/viewerResolve.ts). The viewer page computes it once and provides it to its tree
// (ViewerStateContext); nothing mirrors the URL's floor, date or node elsewhere.
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { parseViewerLink } from '../../../contract/viewerLink';
import { floorOrZero } from '../../../contract/floors';
import { findScene, resolveDate, resolveFloor, resolveScene } from '../../../contract/viewerResolve';
import { useFloorsWithData, useSurveyDates, useSurveyDetails } from '../../api/queries/surveys';
import { useIsAdmin } from '../useAdmin';
import { useVerifiedAnswer } from './useVerifiedAnswer';
import { useCurrentSettings, useSiteId } from '../useSite';

/** Stable empty lists while a query has no data (a new [] per render would defeat the memo below). */
const NONE: never[] = [];

export function useResolvedViewerState() {
  const site = useSiteId();
  const settings = useCurrentSettings()!;
  const isAdmin = useIsAdmin();
  // What was asked comes straight from the URL.
  const link = parseViewerLink(useLocation().search);
  const floorAsked = link.floor ?? floorOrZero(settings.initial_settings.floor);
  const dateAsked = link.date ?? (settings.initial_settings.date || null);
  const nodeAsked = link.node ?? null;

  // Floors with data on any date: the floor slider's enabled floors.
  const allFloors = useFloorsWithData(site, null);
  const floorsWithData = allFloors.data;
  // A visitor asked for a floor with no survey goes to the lowest floor that has one; an admin stays (upload form).
  const floorForDates =
    !isAdmin && floorsWithData && floorsWithData.length > 0 && !floorsWithData.includes(floorAsked)
      ? Math.min(...floorsWithData)
      : floorAsked;

  const dates = useSurveyDates(site, floorForDates);
  const datesLack = !!dateAsked && !!dates.data && !dates.data.some((d) => d.date === dateAsked);
  const awaitDates = useVerifiedAnswer(dates, dateAsked && `${site}|${floorForDates}|${dateAsked}`, datesLack);
  const date = awaitDates ? null : resolveDate(dateAsked, dates.data ?? []);
  // Changing the date reloads the floors; an unavailable floor falls back to the lowest available one.
  const floorsOfDate = useFloorsWithData(site, date, !!date);
  const floor = date && floorsOfDate.data ? resolveFloor(floorForDates, floorsOfDate.data) : floorForDates;

  const floorPopulated = floorsWithData ? floorsWithData.includes(floor) : undefined;
  const details = useSurveyDetails(site, floor, date, !!date && floorPopulated !== false);
  const scenes = details.data ?? NONE;
  const scenesLack = !!nodeAsked && !!details.data && !findScene(scenes, nodeAsked);
  const awaitScenes = useVerifiedAnswer(details, nodeAsked && `${site}|${floor}|${date}|${nodeAsked}`, scenesLack);
  const scene = awaitScenes ? null : resolveScene(scenes, nodeAsked, settings.initial_settings.pano_id);

  const loading =
    allFloors.isPending ||
    dates.isPending ||
    awaitDates ||
    awaitScenes ||
    (!!date && (floorsOfDate.isPending || details.isPending));
  const error = details.error ?? dates.error ?? allFloors.error ?? null;
  // One object per change of what is shown, so the context does not wake its readers on every page render.
  return useMemo(
    () => ({
      site,
      settings,
      isAdmin,
      floor,
      date,
      scene,
      scenes,
      dates: dates.data ?? NONE,
      floorsWithData: floorsWithData ?? NONE,
      floorPopulated,
      loading,
      error,
    }),
    [site, settings, isAdmin, floor, date, scene, scenes, dates.data, floorsWithData, floorPopulated, loading, error],
  );
}

export type ViewerState = ReturnType<typeof useResolvedViewerState>;
