// WebXR wrapper, loaded only when a Panorama asks for VR (xr prop): @react-three/xr is large, and most
// visits never enter VR, so it stays out of the first download.
import { extend } from '@react-three/fiber';
import { XR, createXRStore } from '@react-three/xr';
import { useEffect, useMemo, useState } from 'react';
import { BoxGeometry, Group, Mesh, MeshBasicMaterial, PlaneGeometry } from 'three';
import { testHooksOn } from './testHooks';

/** Register the JSX elements @react-three/xr renders (controllers, hands, pointer rays): the Panorama
 *  registers only its own, never the whole THREE namespace. Called before the first XRSupport renders. */
export function registerXRElements(): void {
  extend({ BoxGeometry, Group, Mesh, MeshBasicMaterial, PlaneGeometry });
}

/** Where the server serves the WebXR input profiles (@webxr-input-profiles/assets). */
export const XR_PROFILES_PATH = '/xr-profiles/';

export interface XRControls {
  enterVR(): Promise<void>;
}

declare global {
  interface Window {
    /** The emulated headset (IWER XRDevice) when the Panorama runs with xr="emulate". */
    __xrEmulator?: unknown;
  }
}

export default function XRSupport({
  onSession,
  onReady,
  emulate = false,
}: {
  onSession: (inVR: boolean) => void;
  onReady: (c: XRControls | null) => void;
  emulate?: boolean;
}) {
  // With emulation, the emulated runtime goes in before the XR store looks at navigator.xr.
  const [runtimeReady, setRuntimeReady] = useState(!emulate);
  useEffect(() => {
    if (!emulate) return;
    void import('./xrEmulator').then(({ installXREmulator }) => {
      const emulator = installXREmulator();
      if (testHooksOn()) window.__xrEmulator = emulator;
      setRuntimeReady(true);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the emulator is installed once per page; `emulate` never changes for a mounted session
  }, []);
  return runtimeReady ? <XRSession onSession={onSession} onReady={onReady} /> : null;
}

function XRSession({
  onSession,
  onReady,
}: {
  onSession: (inVR: boolean) => void;
  onReady: (c: XRControls | null) => void;
}) {
  // Controller profiles and models from our own server (XR_PROFILES_PATH), not the library's default CDN: a
  // kiosk may be offline, and without its profile a controller (and its ray) never appears.
  const store = useMemo(
    () =>
      createXRStore({
        emulate: false,
        offerSession: false,
        baseAssetPath: new URL(XR_PROFILES_PATH, location.href).href,
      }),
    [],
  );
  useEffect(() => store.subscribe((s) => onSession(s.session != null)), [store, onSession]);
  useEffect(() => {
    onReady({ enterVR: async () => void (await store.enterVR()) });
    return () => onReady(null);
  }, [store, onReady]);
  // XR turns on gl.xr and the controllers; their rays reach the hotspots through R3F's pointer events.
  return <XR store={store} />;
}
