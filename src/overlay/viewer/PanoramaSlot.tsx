// THE one file that wires the viewer to the panorama renderer (src/scene): maps a survey scene to
// <Panorama>'s props, hotspot clicks back to the viewer, the camera view into viewAtom, the renderer's
// handle into panoramaAtom (view requests and Enter VR go through it), and kiosk idle into a slow turn.
// The renderer (three + R3F) is lazy-loaded so the overlay paints first, and only once the early stage
// (src/scene/early) has drawn the first view, so its evaluation never delays that view. If it cannot run
// (no WebGL, or a failure) a clearly labelled stand-in shows the scene and its hotspots as buttons instead.
import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'react-router';
import type { InfoHotspot, LinkHotspot, SurveyScene, ViewParameters } from '../../../contract/api';
import { linkHotspotId, sceneHotspots } from '../../../contract/sceneHotspots';
import type { TileFormat } from '../../../contract/tileUrls';
import type { Hotspot, View } from '../../scene';
import { type EarlyStage, pageStartup } from '../../scene/early';
import {
  compareSideAtom,
  deviceMotionAtom,
  panoramaAtom,
  shownSceneAtom,
  viewAtom,
  vrAvailableAtom,
} from '../../state/atoms';
import { firstViewDoneAtom } from '../../state/firstView';
import { firstSideBox, pageNamesSecondSide } from '../../pageFirstView';
import { parseCompareLink } from '../../../contract/compareLink';
import { askImmersiveVR } from './immersiveSupport';
import { HotspotIcon, LinkArrowIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';

/** Kiosk idle rotation speed, radians per second. */
const AUTO_ROTATE_RAD_PER_S = 0.08;

/** The overlay (camera info, minimap cone, URL) follows the view at most this often: every 100 ms. */
export const VIEW_LISTENER_MS = 100;
const NO_HOTSPOTS: readonly Hotspot[] = [];

const Panorama = lazy(() => import('../../scene').then((m) => ({ default: m.Panorama })));

export interface PanoramaSlotProps {
  scene: SurveyScene;
  /** Titles of the scenes link hotspots point at, by tiles id. */
  sceneTitles: ReadonlyMap<string, string>;
  /** Which copy of each scene's tiles to fetch (link targets' previews); 'jpg' for a scene not listed. */
  sceneFormats?: ReadonlyMap<string, TileFormat>;
  /** The view to show when the scene opens (a deep link's view, or the scene's own turned by rotation_offset). */
  initialView: ViewParameters;
  mouseViewMode: 'drag' | 'qtvr';
  autoRotate: boolean;
  /** A link walked through (its target, and where it lands when it says). */
  onLinkHotspot: (link: LinkHotspot) => void;
  onInfoHotspot: (hotspot: InfoHotspot) => void;
  /** The hotspot editor is open on this scene: its own markers stand for the hotspots (the sprites would lag a drag). */
  hideHotspots?: boolean;
}

export function PanoramaSlot(props: PanoramaSlotProps) {
  const { scene, sceneTitles, sceneFormats, initialView, mouseViewMode, autoRotate, onLinkHotspot, onInfoHotspot } =
    props;
  const setView = useSetAtom(viewAtom);
  const motion = useAtomValue(deviceMotionAtom);
  // A second date drawn beside this one (src/compare), in the same canvas.
  const compare = useAtomValue(compareSideAtom);
  const [vrAvailable, setVrAvailable] = useAtom(vrAvailableAtom);
  const setPanorama = useSetAtom(panoramaAtom);
  // The first view is complete: by the early stage's drawing, else the renderer's first stable frame.
  const setFirstViewDone = useSetAtom(firstViewDoneAtom);
  const firstViewDone = useCallback(() => setFirstViewDone(true), [setFirstViewDone]);
  const node = scene.survey_node;
  // The scenes asked for lately, by tiles id: the renderer says which one's picture is on screen, and the title
  // follows it (until then the old picture, and so the old title, stay).
  const setShown = useSetAtom(shownSceneAtom);
  // Oldest ask first (a scene asked again moves to the end).
  const asked = useRef(new Map<string, SurveyScene>());
  asked.current.delete(node.tiles_id);
  asked.current.set(node.tiles_id, scene);
  const onSceneShown = useCallback(
    (tilesId: string) => {
      const shown = asked.current.get(tilesId);
      if (!shown) return;
      setShown(shown);
      // Scenes asked before it will not come any more; one asked after it still will (two stops asked in quick
      // succession: forgetting the second left its title at the first's for good).
      for (const id of [...asked.current.keys()]) {
        if (id === tilesId) break;
        asked.current.delete(id);
      }
    },
    [setShown],
  );
  useEffect(() => () => setShown(null), [setShown]);

  const source = useMemo(
    () => ({
      mantaLink: node.manta_link,
      tilesId: node.tiles_id,
      format: node.tile_format,
      levels: node.levels,
      faceSize: node.face_size,
    }),
    [node.manta_link, node.tiles_id, node.tile_format, node.levels, node.face_size],
  );
  // Start the preview and the first view's tiles now. For the first scene, the early stage draws them as
  // they arrive and asks for the renderer once that view is complete (or on input, or after a deadline).
  const hostRef = useRef<HTMLDivElement | null>(null);
  // The page's start-up path (src/scene/pageStartup.ts) owns the early stage: this slot tells it what the viewer
  // opens and reads whether the engine is wanted.
  const engineWanted = useSyncExternalStore(
    pageStartup.subscribe,
    pageStartup.snapshot,
    pageStartup.snapshot,
  ).engineAsked;
  const onViewChangeRef = useRef<(v: View) => void>(() => undefined);
  const [early, setEarly] = useState<EarlyStage | null>(null);
  // Before the browser paints: on a page whose shell the server drew, the drawing moves into this box in the same
  // frame as the app's render replaces the shell (pageStartup.draw).
  useLayoutEffect(() => {
    const el = hostRef.current;
    const vp = firstSideBox({
      width: el?.clientWidth || innerWidth,
      height: el?.clientHeight || innerHeight,
      dpr: devicePixelRatio || 1,
    });
    if (early) return pageStartup.showScene(source, initialView, vp);
    if (!el) return;
    setEarly(
      pageStartup.draw({
        source,
        view: initialView,
        vp,
        host: el,
        mouseViewMode,
        onFirstView: firstViewDone,
        onViewChange: (v) => onViewChangeRef.current(v),
      }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the scene changes: a later initial view is the renderer's business
  }, [source]);
  // Leaving before the renderer came: the early stage's canvas and context go too.
  useEffect(() => () => pageStartup.cancel(), []);

  // The renderer reports every frame of a pan; re-rendering the overlay that often would cost frames.
  const latestView = useRef<View | null>(null);
  const viewTimer = useRef<number | null>(null);
  const lastSent = useRef(0);
  const onViewChange = useCallback(
    (v: View) => {
      latestView.current = v;
      if (viewTimer.current !== null) return;
      const wait = Math.max(0, VIEW_LISTENER_MS - (performance.now() - lastSent.current));
      viewTimer.current = window.setTimeout(() => {
        viewTimer.current = null;
        lastSent.current = performance.now();
        if (latestView.current) setView(latestView.current);
      }, wait);
    },
    [setView],
  );
  onViewChangeRef.current = onViewChange;
  useEffect(
    () => () => {
      if (viewTimer.current !== null) window.clearTimeout(viewTimer.current);
    },
    [],
  );

  // By the rule the server used for the page's first hotspots: the same ids and labels, so this list takes their
  // buttons over as they are.
  const hotspots = useMemo<Hotspot[]>(
    () =>
      sceneHotspots(
        node,
        (id) => sceneTitles.get(id),
        (id) => sceneFormats?.get(id),
      ),
    [node, sceneTitles, sceneFormats],
  );

  const onHotspotClick = (h: Hotspot) => {
    if (h.kind === 'link') {
      const link = node.link_hotspots.find((l, i) => linkHotspotId(i, l.target) === h.id);
      if (link) onLinkHotspot(link);
    } else {
      const info = node.info_hotspots.find((i) => i.info_id === h.id);
      if (info) onInfoHotspot(info);
    }
  };
  // The early stage shows the same hotspots over its picture, clickable, until the engine draws its own; and
  // view requests go to it until then.
  const clickRef = useRef(onHotspotClick);
  clickRef.current = onHotspotClick;
  useEffect(() => early?.setHotspots(hotspots, (h) => clickRef.current(h)), [early, hotspots]);
  useEffect(() => setPanorama((live) => live ?? pageStartup.control), [setPanorama]);

  // A headset browser offers immersive VR: the Enter VR button shows, and the renderer loads its XR part. Asked
  // once the first view is complete (the question makes a frame): nothing of it is on the first view's path.
  const firstViewIsDone = useAtomValue(firstViewDoneAtom);
  // A link asking for a comparison: the second side joins once the first view is done, and the first side's link
  // previews wait for it (the compare stage then holds them until both pictures are complete), so they do not
  // compete with the second side's tiles. (A comparison that never opens, e.g. an unknown date, fetches none.)
  const { search } = useLocation();
  const compareAsked = new URLSearchParams(search).has('compare');
  // A deep link side by side whose second side the page names: the first side keeps to its half until the second
  // joins (drawn full width meanwhile, it fetched the tiles of the whole canvas: 80 KB more on the demo).
  const [secondNamed] = useState(() => typeof document !== 'undefined' && pageNamesSecondSide(document));
  const compareAhead = secondNamed && !compare && parseCompareLink(search)?.mode === 'side';
  const prefetchLinks = firstViewIsDone && (!compareAsked || !!compare);
  useEffect(() => {
    if (!firstViewIsDone) return;
    const gone = new AbortController();
    const ask = () =>
      void askImmersiveVR(document, gone.signal).then(
        (ok) => ok !== null && !gone.signal.aborted && setVrAvailable(ok),
      );
    ask();
    // Left while the question was out, its frame went with the page: asked again when Back brings the page back.
    const onShow = (e: PageTransitionEvent) => e.persisted && ask();
    window.addEventListener('pageshow', onShow);
    return () => {
      gone.abort();
      window.removeEventListener('pageshow', onShow);
    };
  }, [firstViewIsDone, setVrAvailable]);
  // The live renderer goes into panoramaAtom (view requests, Enter VR), and out again when it goes.
  useEffect(() => () => setPanorama(null), [setPanorama]);

  // The drag cursor: grab over the panorama, grabbing while a mouse button holds it (app.css).
  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const down = (e: PointerEvent) => {
      if (e.pointerType === 'mouse' && e.button === 0) host.classList.add('grabbing');
    };
    const up = () => host.classList.remove('grabbing');
    host.addEventListener('pointerdown', down);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
    return () => {
      host.removeEventListener('pointerdown', down);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
    };
  }, []);

  const fallback = <PanoramaStandIn {...props} />;
  // Under the early stage's canvas once it draws (the canvas is positioned, so it covers this).
  const loading = (
    <div className="panorama-loading">
      <Spinner label="Loading the panorama" />
    </div>
  );
  return (
    <div
      ref={hostRef}
      className="panorama-host"
      // Read by the page's first script, which starts the drawing in the server's copy of this box (shellStart.ts).
      data-mouse-view-mode={mouseViewMode}
      role="region"
      aria-label={
        compare
          ? `Comparing two dates. Drag either side or use the arrow keys to look around.`
          : `Panorama: ${node.title}. Drag or use the arrow keys to look around.`
      }
    >
      {engineWanted ? (
        <RendererBoundary fallback={fallback} resetKey={node.tiles_id}>
          <Suspense fallback={loading}>
            <Panorama
              ref={setPanorama}
              early={early}
              compare={compare}
              compareAhead={compareAhead}
              idleYawPerSecond={autoRotate ? AUTO_ROTATE_RAD_PER_S : 0}
              scene={source}
              initialView={initialView}
              hotspots={props.hideHotspots ? NO_HOTSPOTS : hotspots}
              prefetchLinks={prefetchLinks}
              onHotspotClick={onHotspotClick}
              onViewChange={onViewChange}
              onStable={firstViewDone}
              onSceneShown={onSceneShown}
              mouseViewMode={mouseViewMode}
              deviceOrientation={motion}
              xr={vrAvailable}
              className="panorama-canvas"
              background="#1b110a"
            />
          </Suspense>
        </RendererBoundary>
      ) : (
        loading
      )}
    </div>
  );
}

/** Shows the stand-in when the renderer throws (e.g. no WebGL), until the scene changes. */
class RendererBoundary extends Component<
  { fallback: ReactNode; resetKey: string; children: ReactNode },
  { failed: boolean; key: string }
> {
  state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(p: { resetKey: string }, s: { failed: boolean; key: string }) {
    return p.resetKey !== s.key ? { failed: false, key: p.resetKey } : null;
  }
  componentDidCatch(error: unknown) {
    console.error('Panorama renderer failed:', error);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A labelled stand-in without WebGL: the scene's name and its hotspots as buttons. */
function PanoramaStandIn({ scene, sceneTitles, initialView, onLinkHotspot, onInfoHotspot }: PanoramaSlotProps) {
  const setView = useSetAtom(viewAtom);
  // The stand-in shows its scene at once.
  const setShown = useSetAtom(shownSceneAtom);
  useEffect(() => setShown(scene), [scene, setShown]);
  // No panorama will draw: nothing to wait for.
  const setFirstViewDone = useSetAtom(firstViewDoneAtom);
  useEffect(() => {
    setFirstViewDone(true);
  }, [setFirstViewDone]);
  useEffect(() => {
    setView(initialView);
  }, [initialView, setView]);
  const node = scene.survey_node;
  return (
    <div className="panorama-slot">
      <div className="panorama-placeholder">
        <p className="placeholder-label">Panorama unavailable</p>
        <p className="placeholder-note">This device could not start the 360° renderer.</p>
        <p className="placeholder-scene">{node.title}</p>
        <div className="placeholder-hotspots">
          {node.link_hotspots.map((h, i) => (
            <button key={`l${i}`} type="button" className="chip" onClick={() => onLinkHotspot(h)}>
              <LinkArrowIcon /> {sceneTitles.get(h.target) ?? h.target}
            </button>
          ))}
          {node.info_hotspots.map((h) => (
            <button key={h.info_id} type="button" className="chip chip-info" onClick={() => onInfoHotspot(h)}>
              <HotspotIcon /> {h.title}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
