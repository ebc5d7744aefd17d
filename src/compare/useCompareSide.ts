// The second side of a comparison, from the URL's compare state and the first side: its scenes and plan on its
// date, its scene (the one the link names, else the nearest to the first side's by plan), the yaw that makes it look
// the same way in the world, its hotspots (a walk moves both sides), and all of it handed to the panorama
// (compareSideAtom) for drawing in the same canvas.
import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSetAtom, useStore } from 'jotai';
import type { SurveyScene } from '../../contract/api';
import { linkHotspotId, sceneHotspots } from '../../contract/sceneHotspots';
import { minimapNodesQuery, surveyDetailsQuery } from '../api/queries/surveys';
import type { ViewerState } from '../domain/viewer/useResolvedViewerState';
import type { Hotspot } from '../scene';
import { compareSideAtom, panoramaAtom } from '../state/atoms';
import { type CompareState, withNode } from './compareState';
import { nearestOnOtherDate } from '../../contract/compareWalk';
import { lockedYawOffset } from '../../contract/compareYaw';
import { useCompareNavigate } from './useCompareNavigate';
import { useCompareMark } from './useCompareMark';
import { dayLabel } from '../overlay/viewer/timeline';

const NONE: never[] = [];

export interface CompareSide {
  scene: SurveyScene | null;
  loading: boolean;
}

export function useCompareSide(state: ViewerState, cmp: CompareState | null): CompareSide {
  const { site, floor, date, scene } = state;
  const on = !!cmp && !!date;
  const bScenes = useQuery({ ...surveyDetailsQuery(site, floor, cmp?.date ?? null), enabled: on }).data ?? NONE;
  const bNodes = useQuery({ ...minimapNodesQuery(site, floor, cmp?.date ?? null), enabled: on }).data ?? NONE;
  const aNodes = useQuery({ ...minimapNodesQuery(site, floor, date), enabled: on }).data ?? NONE;
  const go = useCompareNavigate();
  const aId = scene?.survey_node.tiles_id;

  // The scene the link names, or the nearest to the first side's; re-resolved when the first side walks.
  const lastA = useRef<string | undefined>(undefined);
  const named = cmp?.node ? bScenes.find((s) => s.survey_node.tiles_id === cmp.node) : undefined;
  const aMoved = lastA.current !== undefined && lastA.current !== aId;
  const nearest = useMemo(
    () => (aId && bScenes.length ? nearestOnOtherDate(aId, aNodes, bScenes, bNodes) : null),
    [aId, aNodes, bScenes, bNodes],
  );
  const bId = (!aMoved && named?.survey_node.tiles_id) || nearest || undefined;
  const bScene = bScenes.find((s) => s.survey_node.tiles_id === bId) ?? null;
  useEffect(() => {
    if (!cmp || !bId || !aId) return;
    lastA.current = aId;
    if (cmp.node !== bId) go(withNode(cmp, bId), { replace: true });
  }, [cmp, bId, aId, go]);

  const yawOffset = lockedYawOffset({ tilesId: aId, nodes: aNodes }, { tilesId: bId, nodes: bNodes });
  const store = useStore();
  const setSide = useSetAtom(compareSideAtom);
  const bNode = bScene?.survey_node;
  const titles = useMemo(() => new Map(bScenes.map((s) => [s.survey_node.tiles_id, s.survey_node.title])), [bScenes]);
  const source = useMemo(
    () =>
      bNode && {
        mantaLink: bNode.manta_link,
        tilesId: bNode.tiles_id,
        format: bNode.tile_format,
        levels: bNode.levels,
        faceSize: bNode.face_size,
      },
    [bNode],
  );
  // With each target's tile format, as the first side's (PanoramaSlot): without it the previews its links fetch
  // ahead were the JPEGs (72 KB on the bench site, its AVIF 38 KB), not the copies a walk then draws.
  const formats = useMemo(
    () => new Map(bScenes.map((s) => [s.survey_node.tiles_id, s.survey_node.tile_format] as const)),
    [bScenes],
  );
  const hotspots = useMemo<Hotspot[]>(
    () =>
      bNode
        ? sceneHotspots(
            bNode,
            (id) => titles.get(id),
            (id) => formats.get(id),
          )
        : NONE,
    [bNode, titles, formats],
  );
  // A walk on the second side: it goes where the link leads, the first side to its date's nearest scene.
  const walk = useRef<(h: Hotspot) => void>(() => undefined);
  walk.current = (h: Hotspot) => {
    if (!cmp || !bNode || h.kind !== 'link') return;
    const link = bNode.link_hotspots.find((l, i) => linkHotspotId(i, l.target) === h.id);
    if (!link) return;
    const aNext = nearestOnOtherDate(link.target, bNodes, state.scenes, aNodes) ?? aId;
    lastA.current = aNext;
    go(withNode(cmp, link.target), { node: aNext, replace: false });
  };
  const mode = cmp?.mode;
  const divider = cmp?.divider;
  const shown = cmp?.shown;
  const locked = cmp?.locked;
  const aTitle = scene?.survey_node.title ?? '';
  const bTitle = bNode?.title ?? '';
  const lead0 = store.get(panoramaAtom)?.getView();
  const onBView = useCompareMark(bId, on ? cmp?.date : undefined, (lead0?.yaw ?? 0) + yawOffset);
  useEffect(() => {
    if (!source || !mode || !date || !cmp?.date) return setSide(null);
    const lead = store.get(panoramaAtom)?.getView();
    setSide({
      scene: source,
      initialView: lead ? { ...lead, yaw: lead.yaw + yawOffset } : undefined,
      hotspots,
      onHotspotClick: (h) => walk.current(h),
      onViewChange: onBView,
      labels: [`First side: ${aTitle}, ${dayLabel(date)}`, `Second side: ${bTitle}, ${dayLabel(cmp.date)}`],
      settings: {
        mode,
        divider: divider ?? 0.5,
        shown: shown === 'b' ? 1 : 0,
        locked: locked ?? true,
        yawOffset,
      },
    });
  }, [
    source,
    hotspots,
    mode,
    divider,
    shown,
    locked,
    yawOffset,
    store,
    setSide,
    onBView,
    aTitle,
    bTitle,
    date,
    cmp?.date,
  ]);
  useEffect(() => () => setSide(null), [setSide]);
  return { scene: bScene, loading: on && !bScene };
}
