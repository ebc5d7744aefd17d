// WebXR wrapper, loaded only when a Panorama asks for VR (xr prop): @react-three/xr is large, and most
// visits never enter VR, so it stays out of the first download.
import { extend } from '@react-three/fiber';
import { XR, createXRStore } from '@react-three/xr';
import { useEffect, useMemo } from 'react';
import { BoxGeometry, Group, Mesh, MeshBasicMaterial, PlaneGeometry } from 'three';

// The JSX elements @react-three/xr renders (controllers, hands, pointer rays); the Panorama registers
// only its own, never the whole THREE namespace.
extend({ BoxGeometry, Group, Mesh, MeshBasicMaterial, PlaneGeometry });

export interface XRControls {
  enterVR(): Promise<void>;
}

export default function XRSupport({ onSession, onReady }: { onSession: (inVR: boolean) => void; onReady: (c: XRControls | null) => void }) {
  const store = useMemo(() => createXRStore({ emulate: false, offerSession: false }), []);
  useEffect(() => store.subscribe((s) => onSession(s.session != null)), [store, onSession]);
  useEffect(() => {
    onReady({ enterVR: async () => void (await store.enterVR()) });
    return () => onReady(null);
  }, [store, onReady]);
  // XR turns on gl.xr and the controllers; their rays reach the hotspots through R3F's pointer events.
  return <XR store={store} />;
}
