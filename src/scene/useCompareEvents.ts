// Hotspot picking with two sides in one canvas: R3F casts one ray per pointer event from the root's camera over
// the whole canvas. While compared, the ray is cast instead from the camera of the side under the pointer, through
// that side's viewport, and it only meets that side's sprites (each side's are on its own raycast layer).
import { type RootState, useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import type * as THREE from 'three';
import type { CompareStage } from './compareStage';
import { sideAt, toNdc } from './compareLayout';

/** Installed by the second side (mounted only while compared); the root's own picking comes back when it goes. */
export function useCompareEvents(cmp: { stage: CompareStage; index: 0 | 1 } | null): void {
  const setEvents = useThree((s) => s.setEvents);
  const getState = useThree((s) => s.get);
  const stage = cmp?.index === 1 ? cmp.stage : null;
  useEffect(() => {
    if (!stage) return;
    const before = getState().events.compute;
    setEvents({
      compute: (event: { offsetX: number; offsetY: number }, state: RootState) => {
        const side = sideAt(stage.draws, event.offsetX, event.offsetY);
        const ndc = toNdc(stage.draws[side].viewport, event.offsetX, event.offsetY);
        state.pointer.set(ndc.x, ndc.y);
        const cam = (stage.sides[side]?.camera as THREE.Camera | undefined) ?? state.camera;
        state.raycaster.setFromCamera(state.pointer, cam);
        state.raycaster.layers.set(side);
      },
    });
    return () => {
      setEvents({ compute: before });
      getState().raycaster.layers.set(0);
    };
  }, [stage, setEvents, getState]);
}
