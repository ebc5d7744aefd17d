// The second side's place and heading for the minimap (compareMarkAtom): its scene and date as soon as they are
// known, its yaw as the renderer reports it. A pan reports every frame; the minimap hears at most every
// VIEW_LISTENER_MS, as it does of the first side.
import { useCallback, useEffect, useRef } from 'react';
import { useSetAtom } from 'jotai';
import type { View } from '../scene';
import { compareMarkAtom } from '../state/atoms';
import { VIEW_LISTENER_MS } from '../overlay/viewer/PanoramaSlot';
import { dayLabel } from '../overlay/viewer/timeline';

/** Publishes the mark while `tilesId` and `date` are set; returns the renderer's view listener for that side. */
export function useCompareMark(tilesId: string | undefined, date: string | undefined, yaw: number): (v: View) => void {
  const setMark = useSetAtom(compareMarkAtom);
  const latest = useRef(yaw);
  const timer = useRef<number | null>(null);
  useEffect(() => {
    setMark(tilesId && date ? { tilesId, date, dateLabel: dayLabel(date), yaw: latest.current } : null);
  }, [tilesId, date, setMark]);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
      setMark(null);
    },
    [setMark],
  );
  return useCallback(
    (v: View) => {
      latest.current = v.yaw;
      if (timer.current !== null) return;
      timer.current = window.setTimeout(() => {
        timer.current = null;
        setMark((m) => (m ? { ...m, yaw: latest.current } : m));
      }, VIEW_LISTENER_MS);
    },
    [setMark],
  );
}
