// True once the viewer's first view is complete (PanoramaSlot sets firstViewDoneAtom from the early stage or
// the renderer), once the visitor uses the page (pointer, key, wheel: an admin reaching for the editor gets it
// at once), or at once when there is no panorama to wait for.
import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { firstViewDoneAtom } from '../../state/firstView';

const INPUT = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export function useAfterFirstView(nothingToWaitFor: boolean): boolean {
  const [done, setDone] = useAtom(firstViewDoneAtom);
  useEffect(() => {
    if (done) return;
    if (nothingToWaitFor) return setDone(true);
    const onInput = () => setDone(true);
    for (const type of INPUT) window.addEventListener(type, onInput, { capture: true, passive: true });
    return () => {
      for (const type of INPUT) window.removeEventListener(type, onInput, { capture: true });
    };
  }, [done, nothingToWaitFor, setDone]);
  return done || nothingToWaitFor;
}
