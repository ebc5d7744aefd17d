// The panorama's view at every frame while the hotspot editor is open: its markers must stay on their spot
// while the person pans (the viewer's own view atom follows only every 100 ms).
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { panoramaAtom } from '../../state/atoms';
import type { View } from '../../scene/view';

const same = (a: View | null, b: View) => !!a && a.yaw === b.yaw && a.pitch === b.pitch && a.fov === b.fov;

export function useLiveView(): View | null {
  const panorama = useAtomValue(panoramaAtom);
  const [view, setView] = useState<View | null>(null);
  useEffect(() => {
    if (!panorama) return;
    let frame = 0;
    const tick = () => {
      const v = panorama.getView();
      setView((old) => (same(old, v) ? old : { yaw: v.yaw, pitch: v.pitch, fov: v.fov }));
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => cancelAnimationFrame(frame);
  }, [panorama]);
  return view;
}
