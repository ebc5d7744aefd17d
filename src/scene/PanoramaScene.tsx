// Inside the Canvas: owns the scene layers (current + the one fading out), moves the camera, runs controls,
// lookTo transitions and crossfades, and draws a frame only when something changed.
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import * as THREE from 'three';
import { HotspotSprites } from './HotspotSprites';
import type { Hotspot } from './hotspotTypes';
import { type LayerCounters, type LayerOptions, PanoramaLayer, type SceneSource } from './PanoramaLayer';
import { prefetchPreviews } from './previewStore';
import { previewUrl } from './tileUrls';
import { DEG, type View, type Viewport, directionToYawPitch, fovLimits, limitView, viewsEqual } from './view';
import { type MouseViewMode, ViewControls } from './ViewControls';
import { makeTransition } from './viewTransition';
import { subscribeOrientation } from './deviceOrientation';
import { earlyStageHandedOver } from './earlyStage';

export interface PanoramaHandle {
  getView(): View;
  /** Jump (limits applied). */
  setView(v: View): void;
  /** Eased pan to a view; resolves when it arrives (or is interrupted by the user). */
  lookTo(v: Partial<View>, ms?: number): Promise<void>;
  counters(): LayerCounters;
  /** Current fov range for this viewport (Marzipano traditional limits). */
  fovLimits(): { min: number; max: number };
  /** Enter immersive VR (when `xr` is on and the device supports it). */
  enterVR(): Promise<void>;
}

export interface SceneProps {
  scene: SceneSource;
  initialView?: Partial<View>;
  hotspots?: readonly Hotspot[];
  onHotspotClick?: (h: Hotspot) => void;
  onViewChange?: (v: View) => void;
  onStable?: () => void;
  mouseViewMode?: MouseViewMode;
  deviceOrientation?: boolean;
  crossfadeMs?: number;
  layerOptions?: LayerOptions;
  exposeGlobal?: boolean;
  handleRef: React.Ref<PanoramaHandle>;
  enterVR?: () => Promise<void>;
  /** An immersive session is running: the headset drives the camera. */
  inVR?: boolean;
  /** The view the page's early stage left on screen: the first scene opens here (not at initialView), and
   *  no frame is drawn until this one can show at least the preview (the canvas shows a picture already). */
  startView?: View;
  /** Frames the early stage drew: the frame count goes on from there. */
  startFrames?: number;
  /** The early stage's input handler on this canvas, adopted (a drag in progress goes on). */
  startControls?: ViewControls | null;
}

/** The picture is a cube this many units across a half-side ×2: big enough that VR eyes see it at infinity. */
export const WORLD_SCALE = 100;
export const DEFAULT_PAN_MS = 1500;
const DEFAULT_VIEW: View = { yaw: 0, pitch: 0, fov: Math.PI / 2 };

const marked = new Set<string>();
function mark(name: string): void {
  if (marked.has(name)) return;
  marked.add(name);
  performance.mark?.(name);
}

/** A view and viewport standing for an immersive session's eyes: gaze direction, ~100° fov, ~1800 px. */
function xrLoadingView(cam: THREE.Camera): [View, Viewport] {
  const d = cam.getWorldDirection(new THREE.Vector3());
  const { yaw, pitch } = directionToYawPitch([d.x, d.y, d.z]);
  return [{ yaw, pitch, fov: 100 * DEG }, { width: 1800, height: 1800, dpr: 1 }];
}

export function PanoramaScene(props: SceneProps) {
  const { gl, camera, size, invalidate } = useThree();
  const inVR = props.inVR ?? false;
  const propsRef = useRef(props);
  propsRef.current = props;
  const viewRef = useRef<View>(props.startView ?? { ...DEFAULT_VIEW, ...props.initialView });
  /** Keep the early stage's picture until our own frame has the preview. */
  const holdFirstFrame = useRef(!!props.startView);
  const vpRef = useRef<Viewport>({ width: size.width, height: size.height, dpr: gl.getPixelRatio() });
  vpRef.current = { width: size.width, height: size.height, dpr: gl.getPixelRatio() };
  const layerRef = useRef<PanoramaLayer | null>(null);
  const fadingRef = useRef<{ layer: PanoramaLayer; start: number } | null>(null);
  const transitionRef = useRef<{ tr: ReturnType<typeof makeTransition>; resolve: () => void } | null>(null);
  const controlsRef = useRef<ViewControls | null>(null);
  const pixelScale = useRef(0);
  const world = useRef<THREE.Group>(null);
  const lastEmitted = useRef<View | null>(null);
  const wasStable = useRef(false);
  const frames = useRef(props.startFrames ?? 0);

  const setView = (v: View) => {
    const next = limitView(v, propsRef.current.scene.faceSize, vpRef.current);
    if (viewsEqual(next, viewRef.current)) return;
    viewRef.current = next;
    invalidate();
  };

  const endTransition = () => {
    transitionRef.current?.resolve();
    transitionRef.current = null;
  };

  // One layer per scene; a scene change keeps the old layer on top, fading out.
  const sceneKey = `${props.scene.mantaLink}|${props.scene.tilesId}`;
  useEffect(() => {
    const layer = new PanoramaLayer(propsRef.current.scene, invalidate, propsRef.current.layerOptions, gl.getContext() as WebGL2RenderingContext);
    const old = layerRef.current;
    layerRef.current = layer;
    world.current?.add(layer.group);
    layer.setOrderBase(0);
    if (old) {
      fadingRef.current?.layer.dispose();
      fadingRef.current?.layer.group.removeFromParent();
      old.setOrderBase(1);
      fadingRef.current = { layer: old, start: -1 };
    }
    endTransition();
    // The first scene goes on from the early stage's view; every later one opens at its initial view.
    const start = !old && propsRef.current.startView ? viewRef.current : { ...DEFAULT_VIEW, ...propsRef.current.initialView };
    viewRef.current = limitView(start, propsRef.current.scene.faceSize, vpRef.current);
    wasStable.current = false;
    invalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sceneKey]);

  useEffect(
    () => () => {
      layerRef.current?.dispose();
      fadingRef.current?.layer.dispose();
      layerRef.current = null;
      fadingRef.current = null;
    },
    [],
  );

  // Previews of the scenes link hotspots lead to, so following a link starts from a decoded picture.
  useEffect(() => {
    const urls = (props.hotspots ?? []).flatMap((h) => (h.kind === 'link' && h.target ? [previewUrl(h.target)] : []));
    if (urls.length) prefetchPreviews(urls);
  }, [props.hotspots]);

  const adoptControls = useRef(props.startControls ?? null);
  useEffect(() => {
    const target = {
      getView: () => viewRef.current,
      setView,
      viewportHeight: () => vpRef.current.height,
      requestFrame: invalidate,
      onUserInput: endTransition,
    };
    // Adopted once (a StrictMode replay, after the first dispose, makes its own).
    const early = adoptControls.current;
    adoptControls.current = null;
    const c = early ?? new ViewControls(gl.domElement, target, propsRef.current.mouseViewMode ?? 'drag');
    c.retarget(target);
    controlsRef.current = c;
    return () => c.dispose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gl]);
  useEffect(() => {
    if (controlsRef.current) controlsRef.current.mode = props.mouseViewMode ?? 'drag';
  }, [props.mouseViewMode]);

  useEffect(() => {
    if (!props.deviceOrientation) return;
    const yaw0 = viewRef.current.yaw;
    return subscribeOrientation((dYaw, pitch) => {
      endTransition();
      setView({ ...viewRef.current, yaw: yaw0 + dYaw, pitch });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.deviceOrientation]);

  const handle: PanoramaHandle = useMemo(
    () => ({
      getView: () => ({ ...viewRef.current }),
      setView: (v) => {
        endTransition();
        setView(v);
      },
      lookTo: (v, ms = DEFAULT_PAN_MS) =>
        new Promise<void>((resolve) => {
          endTransition();
          controlsRef.current?.stop();
          const from = viewRef.current;
          const to = limitView({ ...from, ...v }, propsRef.current.scene.faceSize, vpRef.current);
          transitionRef.current = { tr: makeTransition(from, to, performance.now(), ms), resolve };
          invalidate();
        }),
      counters: () => ({ ...(layerRef.current?.counters ?? { tilesRequested: 0, tileBytes: 0, cacheBytes: 0, stable: false, previewReady: false }) }),
      fovLimits: () => fovLimits(propsRef.current.scene.faceSize, vpRef.current),
      enterVR: () => propsRef.current.enterVR?.() ?? Promise.resolve(),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  useImperativeHandle(props.handleRef, () => handle, [handle]);

  useEffect(() => {
    // Calls made to the early stage's handle since the takeover come here now.
    earlyStageHandedOver(handle);
    if (props.exposeGlobal === false) return;
    window.__panorama = { getView: handle.getView, setView: handle.setView, lookTo: handle.lookTo, counters: handle.counters(), frames: frames.current };
    return () => {
      delete window.__panorama;
    };
  }, [handle, props.exposeGlobal]);

  // A resize changes the limits and the tiles needed.
  useEffect(() => {
    setView(viewRef.current);
    invalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [size.width, size.height]);

  // Priority 1: this callback renders the frame itself (after the hotspot sprites' callbacks), so it can
  // hold the first one back (see holdFirstFrame).
  useFrame((state) => {
    const now = performance.now();
    // Timeline marks for the benchmark and devtools, once per page (a few entries, never per frame).
    mark('panorama:first-frame');
    let again = controlsRef.current?.step(now) ?? false;
    const t = transitionRef.current;
    if (t) {
      const { view, done } = t.tr.at(now);
      viewRef.current = limitView(view, propsRef.current.scene.faceSize, vpRef.current);
      if (done) endTransition();
      else again = true;
    }
    const view = viewRef.current;
    const vp = vpRef.current;
    const cam = camera as THREE.PerspectiveCamera;
    if (!inVR) {
      cam.rotation.set(-view.pitch, -view.yaw, 0, 'YXZ');
      cam.position.set(0, 0, 0);
      if (cam.fov !== (view.fov * 180) / Math.PI) {
        cam.fov = (view.fov * 180) / Math.PI;
        cam.updateProjectionMatrix();
      }
      world.current?.position.set(0, 0, 0);
    } else {
      // The headset moves the camera: keep the picture centred on the eyes.
      world.current?.position.setFromMatrixPosition(cam.matrixWorld);
    }
    // Hotspots live inside the scaled world group, so this is in its local units (see HotspotSprites).
    // The sprites' own frame callbacks ran before this one (children subscribe first): on the first frame
    // they saw no scale yet, so draw one more (a first frame can be complete and otherwise the last).
    const scale = (2 * Math.tan(view.fov / 2)) / Math.max(1, vp.height);
    if (pixelScale.current === 0 && props.hotspots?.length) invalidate();
    pixelScale.current = scale;

    const layer = layerRef.current;
    if (layer) {
      // In VR the headset decides where we look: load for its gaze, at a headset-like resolution.
      const [lv, lvp] = inVR ? xrLoadingView(cam) : [view, vp];
      if (layer.update(lv, lvp, gl, !inVR)) again = true;
    }

    const fading = fadingRef.current;
    if (fading) {
      // The fade starts once the new scene's preview is on screen, so it never fades to black.
      if (fading.start < 0 && layer?.previewReady) fading.start = now;
      const ms = propsRef.current.crossfadeMs ?? 600;
      const k = fading.start < 0 ? 0 : (now - fading.start) / ms;
      if (k >= 1) {
        fading.layer.dispose();
        fading.layer.group.removeFromParent();
        fadingRef.current = null;
      } else {
        fading.layer.refit(view, vp, !inVR);
        fading.layer.setOpacity(1 - k);
        again = true;
      }
    }

    if (window.__panorama && props.exposeGlobal !== false) {
      window.__panorama.counters = handle.counters();
      window.__panorama.frames = ++frames.current;
    }
    if (!lastEmitted.current || !viewsEqual(lastEmitted.current, view)) {
      lastEmitted.current = view;
      propsRef.current.onViewChange?.({ ...view });
    }
    const stable = !!layer?.counters.stable && !fadingRef.current;
    if (stable && !wasStable.current) {
      mark('panorama:stable');
      propsRef.current.onStable?.();
    }
    wasStable.current = stable;
    if (holdFirstFrame.current && (layer?.previewReady || fading)) holdFirstFrame.current = false;
    if (!holdFirstFrame.current) state.gl.render(state.scene, state.camera);
    if (again) invalidate();
  }, 1);

  return (
    <group ref={world} scale={WORLD_SCALE}>
      <HotspotSprites hotspots={props.hotspots ?? []} onClick={props.onHotspotClick} pixelScale={pixelScale} inVR={inVR} />
    </group>
  );
}
