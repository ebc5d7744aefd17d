// What the viewer shows, resolved from what was asked (the URL) and what the server has, with the
// fallbacks of spec section 4. Every piece is a cached query, so any component may call this.
import { useLocation } from 'react-router';
import { parseViewerLink } from './deepLink';
import { floorOrZero, resolveDate, resolveFloor, resolveScene } from './resolve';
import { useFloorsWithData, useSurveyDates, useSurveyDetails } from '../../api/queries/surveys';
import { useIsAdmin } from '../useAdmin';
import { useCurrentSettings, useSiteId } from '../useSite';

export function useViewerState() {
  const site = useSiteId();
  const settings = useCurrentSettings()!;
  const isAdmin = useIsAdmin();
  // What was asked comes straight from the URL (the atoms mirror it for the rest of the app a render later).
  const link = parseViewerLink(useLocation().search);
  const floorAsked = link.floor ?? floorOrZero(settings.initial_settings.floor);
  const dateAsked = link.date ?? (settings.initial_settings.date || null);
  const nodeAsked = link.node ?? null;

  // Floors with data on any date: the floor slider's enabled floors.
  const allFloors = useFloorsWithData(site, null);
  const floorsWithData = allFloors.data;
  // A visitor asked for a floor with no survey goes to the lowest floor that has one; an admin stays (upload form).
  const floorForDates = !isAdmin && floorsWithData && floorsWithData.length > 0 && !floorsWithData.includes(floorAsked)
    ? Math.min(...floorsWithData) : floorAsked;

  const dates = useSurveyDates(site, floorForDates);
  const date = resolveDate(dateAsked, dates.data ?? []);
  // Changing the date reloads the floors; an unavailable floor falls back to the lowest available one.
  const floorsOfDate = useFloorsWithData(site, date, !!date);
  const floor = date && floorsOfDate.data ? resolveFloor(floorForDates, floorsOfDate.data) : floorForDates;

  const floorPopulated = floorsWithData ? floorsWithData.includes(floor) : undefined;
  const details = useSurveyDetails(site, floor, date, !!date && floorPopulated !== false);
  const scenes = details.data ?? [];
  const scene = resolveScene(scenes, nodeAsked, settings.initial_settings.pano_id);

  const loading = allFloors.isPending || dates.isPending || (!!date && (floorsOfDate.isPending || details.isPending));
  return {
    site, settings, isAdmin,
    floor, date, scene, scenes,
    dates: dates.data ?? [],
    floorsWithData: floorsWithData ?? [],
    floorPopulated,
    loading,
    error: details.error ?? dates.error ?? allFloors.error ?? null,
  };
}

export type ViewerState = ReturnType<typeof useViewerState>;
