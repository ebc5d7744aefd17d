// <Panorama>: the viewer component. A Canvas that draws only on demand, with optional WebXR, around the
// PanoramaScene that does the work. Everything stateful is reachable through the ref handle.
import { Canvas } from '@react-three/fiber';
import { Suspense, forwardRef, lazy, useCallback, useRef, useState } from 'react';
import type { Hotspot } from './hotspotTypes';
import type { LayerOptions, SceneSource } from './PanoramaLayer';
import { type PanoramaHandle, PanoramaScene } from './PanoramaScene';
import type { View } from './view';
import type { MouseViewMode } from './ViewControls';
import type { XRControls } from './XRSupport';

const XRSupport = lazy(() => import('./XRSupport'));

export interface PanoramaProps {
  /** The scene's pyramid: tile base address, tiles id, levels (smallest first), face size. */
  scene: SceneSource;
  /** View when the scene (tilesId) changes; add the site's rotation_offset to yaw before passing it. */
  initialView?: Partial<View>;
  hotspots?: readonly Hotspot[];
  onHotspotClick?: (h: Hotspot) => void;
  onViewChange?: (v: View) => void;
  /** Every visible tile at the chosen level is drawn (fires again after the view changes and settles). */
  onStable?: () => void;
  /** Mouse behaviour from the site settings (marzipano_mouse_view_mode). */
  mouseViewMode?: MouseViewMode;
  /** Follow the phone's orientation; get permission first with requestOrientationPermission() on a tap. */
  deviceOrientation?: boolean;
  /** Offer immersive VR (handle.enterVR()). */
  xr?: boolean;
  /** Crossfade length between scenes, ms. */
  crossfadeMs?: number;
  layerOptions?: LayerOptions;
  /** Publish getView/lookTo/counters on window.__panorama (tests, benchmarks). Default true. */
  exposeGlobal?: boolean;
  /** Canvas clear colour: what a hole would look like (tests look for it). */
  background?: string;
  className?: string;
  style?: React.CSSProperties;
}

export const Panorama = forwardRef<PanoramaHandle, PanoramaProps>(function Panorama(props, ref) {
  const { xr, background = '#000', className, style, ...sceneProps } = props;
  const [inVR, setInVR] = useState(false);
  const xrControls = useRef<XRControls | null>(null);
  const onReady = useCallback((c: XRControls | null) => void (xrControls.current = c), []);
  // Render at the device's full resolution, as Marzipano does: the level choice assumes it.
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;

  const inner = (
    <PanoramaScene
      {...sceneProps}
      handleRef={ref}
      inVR={inVR}
      enterVR={async () => {
        if (!xrControls.current) throw new Error('VR is not available (set the xr prop, and use a WebXR browser)');
        await xrControls.current.enterVR();
      }}
    />
  );
  return (
    <Canvas
      className={className}
      style={{ background, ...style }}
      frameloop="demand"
      dpr={dpr}
      flat
      linear
      gl={{ antialias: false, alpha: false, powerPreference: 'high-performance', preserveDrawingBuffer: false }}
      camera={{ fov: 90, near: 0.1, far: 1000, position: [0, 0, 0] }}
      onCreated={({ gl }) => gl.setClearColor(background)}
    >
      {inner}
      {xr && (
        // A sibling, not a wrapper: the panorama stays mounted (and keeps its tiles) while this loads.
        <Suspense fallback={null}>
          <XRSupport onSession={setInVR} onReady={onReady} />
        </Suspense>
      )}
    </Canvas>
  );
});

export type { PanoramaHandle };
