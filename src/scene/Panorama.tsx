// <Panorama>: the viewer component. A canvas that draws only on demand, with optional WebXR, around the
// PanoramaScene that does the work. Everything stateful is reachable through the ref handle.
//
// Not R3F's <Canvas>: it registers the whole THREE namespace as JSX elements (extend(THREE)), which keeps
// every class of three.js in the bundle (loaders, all geometries, animation, audio…) — about 50 KB gzip the
// viewer never uses. This host does the same job with R3F's createRoot and registers only what we render.
import {
  type ReconcilerRoot,
  type RootState,
  createRoot,
  events as createPointerEvents,
  extend,
} from '@react-three/fiber';
import {
  Component,
  Suspense,
  forwardRef,
  lazy,
  useCallback,
  useEffect,
  useInsertionEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Group, Mesh, Sprite, SpriteMaterial } from 'three';
import { GL_ATTRIBUTES } from './earlyLoad';
import type { EarlyHandover, EarlyStage } from './earlyStage';
import { type PanoramaHandle, PanoramaScene, type SceneProps } from './PanoramaScene';
import { networkTiles } from './tileProvider';
import { CompareStage, type StageSettings } from './compareStage';
import { CompareFocus } from './CompareFocus';
import { testHooksOn } from './testHooks';
import type { XRControls } from './XRSupport';

const XRSupport = lazy(() =>
  import('./XRSupport').then((m) => {
    m.registerXRElements();
    return m;
  }),
);
const XR_WAIT_MS = 10_000;
/** The stage before the second side joins a side by side deep link. */
const AHEAD: StageSettings = { mode: 'side', divider: 0.5, shown: 0, locked: true, yawOffset: 0 };

/** The scene's own props (SceneProps documents them) and what the canvas around it needs. */
export interface PanoramaProps extends Pick<
  SceneProps,
  | 'scene'
  | 'initialView'
  | 'hotspots'
  | 'prefetchLinks'
  | 'onHotspotClick'
  | 'onViewChange'
  | 'onStable'
  | 'onSceneShown'
  | 'mouseViewMode'
  | 'deviceOrientation'
  | 'crossfadeMs'
  | 'layerOptions'
  | 'exposeGlobal'
  | 'idleYawPerSecond'
> {
  /** Offer immersive VR (handle.enterVR()). */
  /** 'emulate': an emulated headset (IWER) where the browser has none, for trying VR on a desktop and for
   *  the end-to-end test; the emulator is then on window.__xrEmulator. */
  xr?: boolean | 'emulate';
  /** The page's early stage (early.ts): its canvas, context, textures, input and view are taken over, and
   *  its loads serve the layers. Without one the panorama starts from nothing. */
  early?: EarlyStage | null;
  /** Canvas clear colour: what a hole would look like (tests look for it). */
  background?: string;
  className?: string;
  style?: React.CSSProperties;
  /** A second date beside this one, drawn in the same canvas and context (see compareStage.ts). */
  compare?: PanoramaCompare | null;
  /** Side by side is on its way (a deep link, before the compare code has the second side): this side draws and
   *  plans its tiles for its half already. */
  compareAhead?: boolean;
}

/** The second side of a comparison: its scene, and how the two share the canvas. */
export interface PanoramaCompare extends Pick<
  SceneProps,
  'scene' | 'initialView' | 'hotspots' | 'onHotspotClick' | 'onViewChange' | 'onSceneShown'
> {
  settings: StageSettings;
  /** Each side's name for screen readers and its keyboard stop: "First side: <place>, <date>", "Second side: …". */
  labels: readonly [string, string];
  handleRef?: React.Ref<PanoramaHandle>;
}

export const Panorama = forwardRef<PanoramaHandle, PanoramaProps>(function Panorama(props, ref) {
  const { xr, background = '#000', className, style, early: earlyStage, compare, compareAhead, ...sceneProps } = props;
  // One stage for the panorama's life; the sides read its settings each frame.
  const [stage] = useState(() => new CompareStage());
  const compared = !!compare || !!compareAhead;
  const sideA = useMemo(() => (compared ? { stage, index: 0 as const } : null), [compared, stage]);
  const sideB = useMemo(() => ({ stage, index: 1 as const }), [stage]);
  const settings = compare?.settings ?? (compareAhead ? AHEAD : undefined);
  useEffect(() => {
    if (!settings) return;
    stage.update(settings);
    if (testHooksOn())
      window.__compareStage = {
        locked: settings.locked,
        mode: settings.mode,
        get shown() {
          return stage.shown;
        },
      };
  }, [stage, settings]);
  const [inVR, setInVR] = useState(false);
  // The XR part loads lazily: an Enter VR pressed before it is there waits for it (XR_WAIT_MS at most).
  const xrControls = useRef<XRControls | null>(null);
  const xrWaiters = useRef<Array<(c: XRControls) => void>>([]);
  const onReady = useCallback((c: XRControls | null) => {
    xrControls.current = c;
    if (c) for (const w of xrWaiters.current.splice(0)) w(c);
  }, []);
  const xrOn = !!xr;
  const whenXR = useCallback(
    (): Promise<XRControls> =>
      xrControls.current
        ? Promise.resolve(xrControls.current)
        : !xrOn
          ? Promise.reject(new Error('VR is not available (set the xr prop, and use a WebXR browser)'))
          : new Promise((resolve, reject) => {
              xrWaiters.current.push(resolve);
              setTimeout(() => reject(new Error('VR support did not load')), XR_WAIT_MS);
            }),
    [xrOn],
  );
  // What the page's early stage prepared: canvas, context, and the view on screen. takeOver answers the
  // same on every call, so React calling this twice (StrictMode) takes over once.
  const early = useMemo(() => earlyStage?.takeOver() ?? null, [earlyStage]);
  const tiles = useMemo(() => earlyStage?.tiles ?? networkTiles(), [earlyStage]);
  const onHandle = useCallback((h: PanoramaHandle) => earlyStage?.handedOver(h), [earlyStage]);
  const onFirstRender = useCallback(() => earlyStage?.engineDrawn(), [earlyStage]);
  // Gone before its first frame: the early buttons go with it.
  useEffect(() => () => earlyStage?.engineDrawn(), [earlyStage]);

  const content = (
    <>
      <PanoramaScene
        {...sceneProps}
        handleRef={ref}
        compare={sideA}
        inVR={inVR}
        startView={early?.view ?? undefined}
        startOpeningFov={early?.openingFov ?? undefined}
        startFrames={early?.frames}
        startControls={early?.controls}
        tiles={tiles}
        onHandle={onHandle}
        onFirstRender={onFirstRender}
        enterVR={async () => (await whenXR()).enterVR()}
      />
      {compare && (
        <PanoramaScene
          scene={compare.scene}
          initialView={compare.initialView}
          hotspots={compare.hotspots}
          prefetchLinks={sceneProps.prefetchLinks}
          onHotspotClick={compare.onHotspotClick}
          onViewChange={compare.onViewChange}
          onSceneShown={compare.onSceneShown}
          mouseViewMode={sceneProps.mouseViewMode}
          crossfadeMs={sceneProps.crossfadeMs}
          layerOptions={sceneProps.layerOptions}
          exposeGlobal={sceneProps.exposeGlobal}
          globalName="__panoramaB"
          compare={sideB}
          handleRef={compare.handleRef ?? null}
          inVR={inVR}
          tiles={tiles}
        />
      )}
      {xr && (
        // A sibling, not a wrapper: the panorama stays mounted (and keeps its tiles) while this loads.
        <Suspense fallback={null}>
          <XRSupport onSession={setInVR} onReady={onReady} emulate={xr === 'emulate'} />
        </Suspense>
      )}
    </>
  );
  return (
    <FiberHost
      early={early}
      className={className}
      style={{ background, ...style }}
      background={background}
      overlay={
        compare
          ? (size) => <CompareFocus stage={stage} settings={compare.settings} labels={compare.labels} size={size} />
          : null
      }
    >
      {content}
    </FiberHost>
  );
});

/** Inside the R3F root (as r3f's <Canvas> does): an error there is handed to the host, which rethrows it in
 *  the page's tree, so the page's error boundary (the labelled stand-in) sees it. */
class FiberErrorBoundary extends Component<
  { onError: (e: unknown) => void; children: React.ReactNode },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A div filling its box, a canvas in it, and an R3F root on that canvas sized to the div. Errors from the
 * root (e.g. no WebGL) are rethrown here so the caller's error boundary sees them, as with <Canvas>.
 */
function FiberHost({
  children,
  early,
  className,
  style,
  background,
  overlay,
}: {
  children: React.ReactNode;
  /** DOM over the canvas, placed by the canvas's size. */
  overlay: ((size: { width: number; height: number }) => React.ReactNode) | null;
  early: EarlyHandover | null;
  className?: string;
  style?: React.CSSProperties;
  background: string;
}) {
  const divRef = useRef<HTMLDivElement>(null);
  // The canvas and context the page prepared early, or new ones.
  const [gfx] = useState(() => {
    const canvas = early?.canvas ?? document.createElement('canvas');
    canvas.style.cssText = 'display:block;width:100%;height:100%';
    return { canvas, context: early?.context ?? canvas.getContext('webgl2', GL_ATTRIBUTES) };
  });
  const rootRef = useRef<ReconcilerRoot<HTMLCanvasElement> | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (error) throw error;

  // Put the canvas in the box and follow the box's size (measured before the first paint).
  useLayoutEffect(() => {
    const div = divRef.current!;
    if (gfx.canvas.parentNode !== div) {
      // The early stage's canvas moves in here: keep its keyboard focus (arrow keys held on it go on).
      const focused = document.activeElement === gfx.canvas;
      div.prepend(gfx.canvas);
      if (focused) gfx.canvas.focus({ preventScroll: true });
    }
    const measure = () => {
      const r = div.getBoundingClientRect();
      setSize((s) => (s && s.width === r.width && s.height === r.height ? s : { width: r.width, height: r.height }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(div);
    return () => ro.disconnect();
  }, [gfx]);

  // Only the final removal releases the root (StrictMode replays effects; insertion effects are not replayed).
  useInsertionEffect(
    () => () => {
      const root = rootRef.current;
      rootRef.current = null;
      root?.unmount();
    },
    [],
  );

  useLayoutEffect(() => {
    if (!size || size.width <= 0 || size.height <= 0) return;
    let root = rootRef.current;
    if (!root) {
      // The JSX elements the panorama renders (<group>, <sprite>, <spriteMaterial>); XRSupport adds its own.
      extend({ Group, Mesh, Sprite, SpriteMaterial });
      root = rootRef.current = createRoot(gfx.canvas);
    }
    // Render at the device's full resolution, as Marzipano does: the level choice assumes it.
    const dpr = window.devicePixelRatio || 1;
    root
      .configure({
        // Without a context three would make its own (and throw: no WebGL), which the boundary above shows.
        gl: gfx.context ? { canvas: gfx.canvas, context: gfx.context, ...GL_ATTRIBUTES } : { ...GL_ATTRIBUTES },
        events: createPointerEvents,
        frameloop: 'demand',
        dpr,
        flat: true,
        linear: true,
        camera: { fov: 90, near: 0.1, far: 1000, position: [0, 0, 0] },
        size: { width: size.width, height: size.height, top: 0, left: 0 },
        onCreated: (state: RootState) => {
          performance.mark?.('panorama:renderer');
          state.gl.setClearColor(background);
          state.events.connect?.(divRef.current!);
        },
      })
      .catch(setError);
    if (root.ready.status === 'rejected') return;
    try {
      root.render(<FiberErrorBoundary onError={(e) => setError(() => e)}>{children}</FiberErrorBoundary>);
    } catch (e) {
      setError(e);
    }
  }, [size, gfx.context, gfx.canvas, background, children]);

  return (
    <div
      ref={divRef}
      className={className}
      style={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden', ...style }}
    >
      {size && overlay?.(size)}
    </div>
  );
}

export type { PanoramaHandle };
