// A change of date or floor as the visitor means it: the same place, looking the same way (contract/surveySwitch.ts).
// What the new floor and date hold is fetched first (the same reads the page makes, so they land in its
// cache), then one navigation names the nearest scene and the kept view: the page resolves it at once, the
// old picture stays until then, and the new scene opens as a deep link would, its first tiles in the kept
// direction. A later switch cancels the reads of an earlier one still loading; a failed read falls back to
// the plain switch (the page then shows what it shows for that failure).
import { useCallback, useRef } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useStore } from 'jotai';
import {
  floorsWithDataQuery,
  minimapNodesQuery,
  surveyDatesQuery,
  surveyDetailsQuery,
} from '../../api/queries/surveys';
import { panoramaAtom, viewAtom } from '../../state/atoms';
import { nearestDate, resolveDate, resolveFloor } from '../../../contract/viewerResolve';
import { planSwitch } from '../../../contract/surveySwitch';
import { useViewerState } from './ViewerStateContext';
import { useViewerNavigate } from './useViewerNavigate';

export interface SurveyMove {
  floor?: number;
  date?: string;
  /** The survey of that date (two may share one); any of the date's surveys when not given. */
  survey?: string;
}

/** The switch in progress (one viewer page at a time): a newer one cancels its reads. */
let current: { cancelled: boolean; keys: QueryKey[] } | null = null;

export function useSurveySwitch() {
  const state = useViewerState();
  const qc = useQueryClient();
  const store = useStore();
  const go = useViewerNavigate();
  // The click's async end navigates from the page as it is then, not as it was at the click.
  const latest = useRef({ state, go });
  latest.current = { state, go };

  return useCallback(
    (move: SurveyMove) => {
      if (current) cancel(qc, current);
      current = null;
      const { state: now } = latest.current;
      // Back to the survey and floor on screen: nothing more to do (and no history entry).
      const sameSurvey = move.survey === undefined || move.survey === now.scene?.survey_name;
      if ((move.date ?? now.date) === now.date && (move.floor ?? now.floor) === now.floor && sameSurvey) return;
      const mine = { cancelled: false, keys: [] as QueryKey[] };
      current = mine;
      const s = now;
      const from = s.scene?.survey_node.tiles_id;
      const view = store.get(panoramaAtom)?.getView() ?? store.get(viewAtom);
      // Each read is remembered so a newer switch can abort it.
      const track = <O extends { queryKey: QueryKey }>(o: O): O => {
        mine.keys.push(o.queryKey);
        return o;
      };
      const plain = () => {
        if (!mine.cancelled) latest.current.go({ floor: move.floor, date: move.date });
      };
      if (!from || !s.date) return plain();

      const target = async () => {
        const site = s.site;
        // The page's own fallbacks (useResolvedViewerState), on the data of the new floor and date.
        const floorAsked = move.floor ?? s.floor;
        const floorForDates =
          !s.isAdmin && s.floorsWithData.length > 0 && !s.floorsWithData.includes(floorAsked)
            ? Math.min(...s.floorsWithData)
            : floorAsked;
        const [dates, hereNodes] = await Promise.all([
          qc.ensureQueryData(track(surveyDatesQuery(site, floorForDates))),
          qc.ensureQueryData(track(minimapNodesQuery(site, s.floor, s.date))),
        ]);
        // A date asked for is kept if the floor has it; a floor change alone keeps the visitor nearest in time.
        const date = move.date ? resolveDate(move.date, dates) : nearestDate(s.date, dates);
        if (!date) return null;
        const floors = await qc.ensureQueryData(track(floorsWithDataQuery(site, date)));
        const floor = resolveFloor(floorForDates, floors);
        if (!floors.includes(floor)) return null;
        const [all, nodes] = await Promise.all([
          qc.ensureQueryData(track(surveyDetailsQuery(site, floor, date))),
          qc.ensureQueryData(track(minimapNodesQuery(site, floor, date))),
        ]);
        const ofSurvey = all.filter((sc) => sc.survey_name === move.survey);
        const scenes = ofSurvey.length > 0 ? ofSurvey : all;
        const plan = planSwitch(
          { tilesId: from, nodes: hereNodes, view },
          { scenes, nodes, initialPano: s.settings.initial_settings.pano_id },
        );
        return plan && { floor, date, node: plan.node, ...(plan.view ? { view: plan.view } : {}) };
      };
      target()
        .then(
          (to) => {
            if (!to) plain();
            else if (!mine.cancelled) latest.current.go(to);
          },
          () => plain(),
        )
        .finally(() => {
          if (current === mine) current = null;
        });
    },
    [qc, store],
  );
}

/** Stops an earlier switch: it will not navigate, and its reads still loading are aborted. */
function cancel(qc: QueryClient, sw: { cancelled: boolean; keys: QueryKey[] }) {
  sw.cancelled = true;
  for (const queryKey of sw.keys) {
    if (qc.getQueryState(queryKey)?.fetchStatus === 'fetching') void qc.cancelQueries({ queryKey, exact: true });
  }
}
