// Opening an info hotspot: the view turns to it, placed where the info panel leaves it visible (on an upright
// phone above the bottom sheet; domain/layout), and its panel opens.
import { useCallback } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { infoPanelAtom, panoramaAtom, requestViewAtom, viewportClassAtom } from '../../state/atoms';
import { focusShare, pitchToShow } from '../../domain/layout';
import type { InfoHotspot } from '../../../contract/api';

export function useOpenInfo() {
  const requestView = useSetAtom(requestViewAtom);
  const setInfo = useSetAtom(infoPanelAtom);
  const panorama = useAtomValue(panoramaAtom);
  const vp = useAtomValue(viewportClassAtom);
  return useCallback(
    (tilesId: string, h: Pick<InfoHotspot, 'yaw' | 'pitch' | 'info_id' | 'title'>) => {
      const vfov = panorama?.getView().fov;
      const pitch = vfov ? pitchToShow(h.pitch, vfov, focusShare(vp)) : h.pitch;
      requestView({ view: { yaw: h.yaw, pitch } });
      setInfo({ tilesId, infoId: h.info_id, title: h.title });
    },
    [panorama, vp, requestView, setInfo],
  );
}
