// Kiosk mode: after idleRotateSeconds without input the panorama slowly turns; after idleResetSeconds the
// viewer returns to the initial scene and closes its panels. With the idle action "tour" the site's tour plays
// instead of the turn; with "rotateThenTour" it plays instead of the return to the start. Any input ends it.
import { useEffect, useRef, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import {
  hotspotListOpenAtom,
  infoPanelAtom,
  kioskAtom,
  kioskTourAtom,
  mediaModalAtom,
  setMinimapEnlargedAtom,
  timelineOpenAtom,
} from '../../state/atoms';
import { useViewerNavigate } from '../../domain/viewer/useViewerNavigate';
import { KIOSK_INPUT_EVENTS as INPUT_EVENTS } from '../../domain/kioskInput';
import type { SiteSettings } from '../../../contract/api';

export function useKioskIdle(settings: SiteSettings): boolean {
  const kiosk = useAtomValue(kioskAtom);
  const [rotating, setRotating] = useState(false);
  const go = useViewerNavigate();
  const goRef = useRef(go);
  goRef.current = go;
  const setTimeline = useSetAtom(timelineOpenAtom);
  const setInfo = useSetAtom(infoPanelAtom);
  const setList = useSetAtom(hotspotListOpenAtom);
  const setMedia = useSetAtom(mediaModalAtom);
  const setEnlarged = useSetAtom(setMinimapEnlargedAtom);
  const [tourNow, setTour] = useAtom(kioskTourAtom);
  const tourRef = useRef(tourNow);
  tourRef.current = tourNow;
  const action = settings.kiosk?.idleAction ?? 'rotate';
  const rotateAfter = (settings.kiosk?.idleRotateSeconds ?? 60) * 1000;
  const resetAfter = (settings.kiosk?.idleResetSeconds ?? 180) * 1000;
  const init = settings.initial_settings;

  useEffect(() => {
    if (!kiosk) return;
    let rotateTimer = 0,
      resetTimer = 0;
    const closePanels = () => {
      setTimeline(false);
      setInfo(null);
      setList(false);
      setMedia(null);
      setEnlarged(false);
    };
    const tour = () => {
      closePanels();
      // Turning on until the tour plays: a site without a published tour keeps turning.
      setRotating(true);
      setTour('wanted');
    };
    const arm = () => {
      setRotating(false);
      setTour(null);
      window.clearTimeout(rotateTimer);
      window.clearTimeout(resetTimer);
      rotateTimer = window.setTimeout(action === 'tour' ? tour : () => setRotating(true), rotateAfter);
      resetTimer = window.setTimeout(() => {
        if (action === 'rotateThenTour') return tour();
        // A tour playing is what this kiosk does when left alone; without one it goes back to the start.
        if (tourRef.current === 'playing') return;
        closePanels();
        goRef.current({
          floor: Math.max(0, init.floor),
          date: init.date || null,
          node: init.pano_id || null,
          view: { yaw: init.yaw, pitch: init.pitch, fov: init.fov },
        });
      }, resetAfter);
    };
    arm();
    const onInput = () => arm();
    for (const ev of INPUT_EVENTS) window.addEventListener(ev, onInput, { passive: true });
    return () => {
      window.clearTimeout(rotateTimer);
      window.clearTimeout(resetTimer);
      for (const ev of INPUT_EVENTS) window.removeEventListener(ev, onInput);
      setTour(null);
    };
  }, [
    kiosk,
    action,
    setTour,
    rotateAfter,
    resetAfter,
    init.floor,
    init.date,
    init.pano_id,
    init.yaw,
    init.pitch,
    init.fov,
    setTimeline,
    setInfo,
    setList,
    setMedia,
    setEnlarged,
  ]);

  return kiosk && rotating;
}
