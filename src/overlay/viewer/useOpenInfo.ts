// Opening an info hotspot: the view turns to it, placed where the info panel leaves it visible (on an upright
// phone above the bottom sheet; domain/layout), and its panel opens.
import { useCallback } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { infoPanelAtom, requestViewAtom, viewportClassAtom } from '../../state/atoms';
import { focusShare, pitchToShow } from '../../domain/layout';
import type { InfoHotspot } from '../../../contract/api';

export function useOpenInfo() {
  const requestView = useSetAtom(requestViewAtom);
  const setInfo = useSetAtom(infoPanelAtom);
  const vp = useAtomValue(viewportClassAtom);
  return useCallback(
    (tilesId: string, h: Pick<InfoHotspot, 'yaw' | 'pitch' | 'info_id' | 'title'>) => {
      // The field of view is the renderer's when the turn starts (see requestViewAtom).
      requestView({ view: (now) => ({ yaw: h.yaw, pitch: pitchToShow(h.pitch, now.fov, focusShare(vp)) }) });
      setInfo({ tilesId, infoId: h.info_id, title: h.title });
    },
    [vp, requestView, setInfo],
  );
}
