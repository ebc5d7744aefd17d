// Inside the R3F root: wiring around a PanoramaController (view, lookTo, crossfades, stability, the held
// first frame). Makes a layer per scene, connects the input controls, moves the camera, and draws a frame
// only when something changed.
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import * as THREE from 'three';
import { subscribeOrientation } from './deviceOrientation';
import { HotspotSprites } from './HotspotSprites';
import type { Hotspot } from './hotspotTypes';
import { DEFAULT_PAN_MS, PanoramaController } from './panoramaController';
import type { LayerCounters } from './layerCounters';
import { type LayerOptions, PanoramaLayer, type SceneSource } from './PanoramaLayer';
import { type TestHookName, testHooksOn } from './testHooks';
import type { CompareStage } from './compareStage';
import { sideAt } from './compareLayout';
import { useCompareEvents } from './useCompareEvents';
import type { TileProvider } from './tileProvider';
import { previewUrl } from '../../contract/tileUrls';
import { DEG, type View, type Viewport, directionToYawPitch } from './view';
import { type ControlTarget, type MouseViewMode, ViewControls } from './ViewControls';

export { DEFAULT_PAN_MS };

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
  /** The scene's pyramid: tile base address, tiles id, levels (smallest first), face size. */
  scene: SceneSource;
  /** View when the scene (tilesId) changes; add the site's rotation_offset to yaw before passing it. */
  initialView?: Partial<View>;
  hotspots?: readonly Hotspot[];
  /** Fetch the previews of the scenes link hotspots lead to (default true); false while the page's first view is
   *  not complete, so they do not compete with its tiles. */
  prefetchLinks?: boolean;
  onHotspotClick?: (h: Hotspot) => void;
  onViewChange?: (v: View) => void;
  /** Every visible tile at the chosen level is drawn (fires again after the view changes and settles). */
  onStable?: () => void;
  /** The scene (tiles id) whose picture is on screen now: after a scene change, once its preview shows. */
  onSceneShown?: (tilesId: string) => void;
  /** Mouse behaviour from the site settings (marzipano_mouse_view_mode). */
  mouseViewMode?: MouseViewMode;
  /** Follow the phone's orientation; get permission first with requestOrientationPermission() on a tap. */
  deviceOrientation?: boolean;
  /** Crossfade length between scenes, ms. */
  crossfadeMs?: number;
  layerOptions?: LayerOptions;
  /** Publish getView/lookTo/counters on window.__panorama where test hooks are on (see testHooks). Default true. */
  exposeGlobal?: boolean;
  /** The window property the test hook goes on (default __panorama). */
  globalName?: TestHookName;
  /** One side of a comparison: the stage both sides share in this canvas, and which side this is. */
  compare?: { stage: CompareStage; index: 0 | 1 } | null;
  /** Turn the view by this many radians per second while nothing else moves it (kiosk idle). */
  idleYawPerSecond?: number;
  handleRef: React.Ref<PanoramaHandle>;
  enterVR?: () => Promise<void>;
  /** An immersive session is running: the headset drives the camera. */
  inVR?: boolean;
  /** Where the layers' images come from (the early stage's loads, or the network). */
  tiles: TileProvider;
  /** The view the page's early stage left on screen: the first scene opens here (not at initialView), and
   *  no frame is drawn until this one can show at least the preview (the canvas shows a picture already). */
  startView?: View;
  /** The fov the early stage opened that scene at: full detail comes only once the view is zoomed in past it. */
  startOpeningFov?: number;
  /** Frames the early stage drew: the frame count goes on from there. */
  startFrames?: number;
  /** The early stage's input handler on this canvas, adopted (a drag in progress goes on). */
  startControls?: ViewControls | null;
  /** The engine is live: calls made to the early stage's handle go to this one now. */
  onHandle?: (h: PanoramaHandle) => void;
  /** The first frame is rendered (called from within it: DOM changes made now show in the same frame). */
  onFirstRender?: () => void;
}

/** The picture is a cube this many units across a half-side ×2: big enough that VR eyes see it at infinity. */
export const WORLD_SCALE = 100;

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
  return [
    { yaw, pitch, fov: 100 * DEG },
    { width: 1800, height: 1800, dpr: 1 },
  ];
}

export function PanoramaScene(props: SceneProps) {
  const { gl, camera, size, invalidate } = useThree();
  const inVR = props.inVR ?? false;
  const propsRef = useRef(props);
  propsRef.current = props;
  const pixelScale = useRef(0);
  const world = useRef<THREE.Group>(null);
  const lastIdle = useRef(0);
  const cmp = props.compare ?? null;
  // A side of a comparison has a camera of its own, its aspect its viewport's.
  const sideCamera = useMemo(() => new THREE.PerspectiveCamera(90, 1, 0.1, 1000), []);

  const controller = useMemo(
    () =>
      new PanoramaController<PanoramaLayer>(
        props.scene.faceSize,
        {
          requestFrame: invalidate,
          onViewChange: (v) => propsRef.current.onViewChange?.(v),
          onStable: () => {
            mark('panorama:stable');
            propsRef.current.onStable?.();
          },
          onSceneShown: (layer) => propsRef.current.onSceneShown?.((layer as PanoramaLayer).source.tilesId),
          crossfadeMs: () => propsRef.current.crossfadeMs ?? 600,
        },
        {
          view: props.startView,
          frames: props.startFrames,
          initialView: props.initialView,
          openingFov: props.startOpeningFov,
        },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one controller for the component's life
    [],
  );
  useEffect(() => () => controller.dispose(), [controller]);

  // First: the viewport the layers and limits below work with.
  const dpr = gl.getPixelRatio();
  const compared = !!cmp;
  useEffect(() => {
    // A side of a comparison takes its viewport from the stage, each frame.
    if (!compared) controller.setViewport({ width: size.width, height: size.height, dpr });
  }, [controller, size.width, size.height, dpr, compared]);
  // The stage reads this side's view and picture, and steers it while locked.
  useEffect(() => {
    if (!cmp) return;
    const { stage, index } = cmp;
    stage.sides[index] = {
      get view() {
        return controller.view;
      },
      setView: (v) => controller.setView(v),
      ready: () => controller.counters().complete === true,
      camera: sideCamera,
    };
    if (index === 0) stage.requestFrame = invalidate;
    invalidate();
    return () => {
      if (stage.sides[index]) stage.sides[index] = null;
    };
  }, [cmp, controller, invalidate, sideCamera]);
  useCompareEvents(cmp);

  // One layer per scene; a scene change keeps the old layer on top, fading out.
  const sceneKey = `${props.scene.mantaLink}|${props.scene.tilesId}`;
  const layerRef = useRef<PanoramaLayer | null>(null);
  useEffect(() => {
    const p = propsRef.current;
    const layer = new PanoramaLayer(p.scene, invalidate, p.tiles, gl, p.layerOptions);
    layer.shareUploads(p.compare?.stage.uploads ?? null);
    layerRef.current = layer;
    world.current?.add(layer.group);
    controller.showScene(layer, p.scene.faceSize, p.initialView);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new layer only when the scene changes
  }, [sceneKey]);
  // Two sides upload within one frame's allowance together, as one view would (also when Compare is pressed on a
  // view already drawn, and back to its own when the comparison closes).
  useEffect(() => {
    layerRef.current?.shareUploads(cmp?.stage.uploads ?? null);
  }, [cmp]);

  // Previews of the scenes link hotspots lead to, so following a link starts from a decoded picture. A side of a
  // comparison holds them until both sides are complete: fetched earlier, they compete with the other side's tiles.
  const prefetchLinks = props.prefetchLinks ?? true;
  useEffect(() => {
    if (!prefetchLinks) return;
    const urls = (props.hotspots ?? []).flatMap((h) => (h.kind === 'link' && h.target ? [previewUrl(h.target)] : []));
    if (!urls.length) return;
    const run = () => propsRef.current.tiles.previews.prefetch(urls);
    if (!cmp) return run();
    cmp.stage.hold(cmp.index, run);
    return () => cmp.stage.hold(cmp.index, null);
  }, [props.hotspots, prefetchLinks, cmp]);

  // Input: the early stage's controls when it handed them over (a drag in progress goes on), else new ones.
  // Made once, connected to the canvas in an effect and disconnected on cleanup (StrictMode replays that).
  const target = useMemo<ControlTarget>(
    () => ({
      getView: () => controller.view,
      // The second side, locked: input turns the first, which this one follows.
      setView: (v) => {
        const c = propsRef.current.compare;
        if (!c?.stage.steer(c.index, v)) controller.setView(v);
      },
      viewportHeight: () => controller.viewport.height,
      requestFrame: invalidate,
      onUserInput: () => controller.endTransition(),
    }),
    [controller, invalidate],
  );
  const controls = useMemo(
    () => props.startControls ?? new ViewControls(target, props.mouseViewMode ?? 'drag'),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one input handler for the component's life
    [],
  );
  useEffect(() => {
    controls.retarget(target);
    controls.connect(gl.domElement);
    controller.controls = controls;
    return () => {
      controller.controls = null;
      controls.disconnect();
    };
  }, [controls, controller, target, gl]);
  useEffect(() => {
    controls.mode = props.mouseViewMode ?? 'drag';
  }, [controls, props.mouseViewMode]);
  // Two sides share the canvas: each takes the presses on its own part; the keys go to the side the stage names.
  useEffect(() => {
    controls.accept = cmp ? (x, y) => sideAt(cmp.stage.draws, x, y) === cmp.index : null;
    controls.keysOn = cmp ? () => cmp.stage.keysFor(cmp.index) : () => true;
    controls.onPress = cmp ? () => cmp.stage.pressed(cmp.index) : null;
    // The side's own focusable element: keys pressed there turn this side (the keyboard's way to pick one).
    return cmp?.stage.onKeyElement(cmp.index, (el) => controls.listenKeys(el));
  }, [controls, cmp]);

  useEffect(() => {
    if (!props.deviceOrientation) return;
    const yaw0 = controller.view.yaw;
    return subscribeOrientation((dYaw, pitch) => {
      controller.endTransition();
      controller.setView({ ...controller.view, yaw: yaw0 + dYaw, pitch });
    });
  }, [controller, props.deviceOrientation]);

  // Idle movement (kiosk): a frame loop of its own while on, each frame turning by the time elapsed.
  useEffect(() => {
    if (!props.idleYawPerSecond) return;
    lastIdle.current = performance.now();
    invalidate();
  }, [props.idleYawPerSecond, invalidate]);

  const handle: PanoramaHandle = useMemo(
    () => ({
      getView: () => ({ ...controller.view }),
      setView: (v) => controller.jump(v),
      lookTo: (v, ms = DEFAULT_PAN_MS) => controller.lookTo(v, ms, performance.now()),
      counters: () => controller.counters(),
      fovLimits: () => controller.fovLimits(),
      enterVR: () => propsRef.current.enterVR?.() ?? Promise.resolve(),
    }),
    [controller],
  );
  useImperativeHandle(props.handleRef, () => handle, [handle]);

  const expose = props.exposeGlobal !== false && testHooksOn();
  const globalName = props.globalName ?? '__panorama';
  useEffect(() => {
    propsRef.current.onHandle?.(handle);
    if (!expose) return;
    window[globalName] = {
      getView: handle.getView,
      setView: handle.setView,
      lookTo: handle.lookTo,
      counters: handle.counters(),
      frames: controller.frames,
    };
    return () => {
      delete window[globalName];
    };
  }, [handle, controller, expose, globalName]);

  // Priority -1, before the hotspot sprites' callbacks (0): the view of this frame, the camera and the pixel scale,
  // so the sprites are sized for the frame they are drawn in (the engine's first frame too, at the hand-over).
  const again = useRef(false);
  const rendered = useRef(false);
  useFrame(() => {
    const now = performance.now();
    // Timeline marks for the benchmark and devtools, once per page (a few entries, never per frame).
    mark('panorama:first-frame');
    again.current = controller.advance(now);
    const c = propsRef.current.compare;
    if (c) {
      // The first side lays the stage out for both; each side plans its tiles for its own viewport.
      if (c.index === 0 && c.stage.frame(size)) again.current = true;
      const r = c.stage.draws[c.index].viewport;
      controller.setViewport({ width: r.width, height: r.height, dpr });
      const followed = c.stage.followed();
      if (c.index === 1 && followed) controller.setView(followed);
    }
    const idle = propsRef.current.idleYawPerSecond ?? 0;
    if (idle) {
      const v = controller.view;
      controller.setView({ ...v, yaw: v.yaw + (idle * Math.min(100, now - lastIdle.current)) / 1000 });
      lastIdle.current = now;
      again.current = true;
    }
    const view = controller.view;
    const cam = c ? sideCamera : (camera as THREE.PerspectiveCamera);
    if (c) {
      const r = c.stage.draws[c.index].viewport;
      const aspect = r.width / Math.max(1, r.height);
      if (cam.aspect !== aspect) {
        cam.aspect = aspect;
        cam.updateProjectionMatrix();
      }
    }
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
    pixelScale.current = (2 * Math.tan(view.fov / 2)) / Math.max(1, controller.viewport.height);
  }, -1);

  // Priority 1: this callback renders the frame itself (after the hotspot sprites' callbacks), so it can
  // hold the first one back.
  useFrame((state) => {
    const cam = camera as THREE.PerspectiveCamera;
    // In VR the headset decides where we look: load for its gaze, at a headset-like resolution.
    const drawn = controller.drawLayers(performance.now(), {
      clip: !inVR,
      load: inVR ? xrLoadingView(cam) : undefined,
    });
    const hook = expose ? window[globalName] : undefined;
    if (hook) {
      hook.counters = controller.counters();
      hook.frames = controller.frames;
      if (drawn.render) hook.hotspotsDrawn = world.current?.getObjectByName('hotspots')?.children.length ?? 0;
    }
    const c = propsRef.current.compare;
    // This side's picture may have just completed: held link previews go once both are.
    c?.stage.release();
    if (c && !inVR) {
      if (drawn.render) renderSide(state.gl, world.current, sideCamera, c.stage.draws[c.index], size);
      if (!rendered.current && drawn.render) propsRef.current.onFirstRender?.();
      rendered.current ||= drawn.render;
    } else if (drawn.render) {
      state.gl.render(state.scene, state.camera);
      if (!rendered.current) propsRef.current.onFirstRender?.();
      rendered.current = true;
    }
    if (again.current || drawn.again) invalidate();
  }, 1);

  return (
    <group ref={world} scale={WORLD_SCALE}>
      <HotspotSprites
        layer={cmp?.index ?? 0}
        camera={cmp ? sideCamera : undefined}
        hotspots={props.hotspots ?? []}
        onClick={props.onHotspotClick}
        pixelScale={pixelScale}
        inVR={inVR}
      />
    </group>
  );
}

/** Paint one side of a comparison: its world through its camera, into its part of the canvas (nothing when it
 *  has none this frame). Rectangles are CSS pixels from the top left; WebGL counts from the bottom. */
function renderSide(
  gl: THREE.WebGLRenderer,
  world: THREE.Group | null,
  cam: THREE.Camera,
  draw: import('./compareLayout').SideDraw,
  size: { width: number; height: number },
): void {
  if (!world || !draw.scissor) return;
  const v = draw.viewport;
  const s = draw.scissor;
  gl.setScissorTest(true);
  gl.setViewport(v.x, size.height - v.y - v.height, v.width, v.height);
  gl.setScissor(s.x, size.height - s.y - s.height, s.width, s.height);
  gl.render(world, cam);
  gl.setScissorTest(false);
  gl.setViewport(0, 0, size.width, size.height);
}
