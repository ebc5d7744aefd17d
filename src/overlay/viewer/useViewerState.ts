// What the viewer shows, resolved from what was asked (URL → atoms) and what the server has, with the
// fallbacks of spec section 4. Every piece is a cached query, so any component may call this.
import { useAtomValue } from 'jotai';
import { dateAtom, floorAtom, nodeAtom } from '../../state/atoms';
import { floorOrZero, resolveDate, resolveFloor, resolveScene } from '../../state/resolve';
import { useFloorsWithData, useSurveyDates, useSurveyDetails } from '../../api/queries/surveys';
import { useIsAdmin } from '../common/useAdmin';
import { useCurrentSettings, useSiteId } from '../common/useSite';

export function useViewerState() {
  const site = useSiteId();
  const settings = useCurrentSettings()!;
  const isAdmin = useIsAdmin();
  const floorAsked = useAtomValue(floorAtom) ?? floorOrZero(settings.initial_settings.floor);
  const dateAsked = useAtomValue(dateAtom) ?? (settings.initial_settings.date || null);
  const nodeAsked = useAtomValue(nodeAtom);

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
