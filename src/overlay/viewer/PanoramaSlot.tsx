// THE one file that wires the viewer to the panorama renderer (src/scene, another engineer's work): maps a
// survey scene to <Panorama>'s props, hotspot clicks back to the viewer, the camera view into viewAtom, and
// view requests (pan to a hotspot, 1500 ms) and kiosk auto-rotation onto the renderer's handle.
// The renderer (three + R3F) is lazy-loaded so the overlay paints first, and only once the early stage has
// drawn the first view (src/scene/earlyStage), so its evaluation never delays that view. If it cannot run
// (no WebGL, or a failure) a clearly labelled stand-in shows the scene and its hotspots as buttons instead.
import { Component, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import type { InfoHotspot, SurveyScene, ViewParameters } from '../../../contract/api';
import type { Hotspot, PanoramaHandle, View } from '../../scene';
import { prefetchScene, prepareContext } from '../../scene/earlyLoad';
import { cancelEarlyStage, startEarlyStage } from '../../scene/earlyStage';
import { deviceMotionAtom, viewAtom, viewRequestAtom, vrAvailableAtom, vrRequestAtom } from '../../state/atoms';
import { HotspotIcon, LinkArrowIcon } from '../common/icons';
import { Spinner } from '../common/Spinner';

export const PAN_TRANSITION_MS = 1500;
/** Kiosk idle rotation speed, radians per second. */
const AUTO_ROTATE_RAD_PER_S = 0.08;

/** The overlay (camera info, minimap cone, URL) follows the view at most this often: the spec's 100 ms. */
export const VIEW_LISTENER_MS = 100;

const Panorama = lazy(() => import('../../scene/Panorama').then((m) => ({ default: m.Panorama })));

export interface PanoramaSlotProps {
  scene: SurveyScene;
  /** Titles of the scenes link hotspots point at, by tiles id. */
  sceneTitles: ReadonlyMap<string, string>;
  /** The view to show when the scene opens (a deep link's view, or the scene's own turned by rotation_offset). */
  initialView: ViewParameters;
  mouseViewMode: 'drag' | 'qtvr';
  autoRotate: boolean;
  onLinkHotspot: (targetTilesId: string) => void;
  onInfoHotspot: (hotspot: InfoHotspot) => void;
}

export function PanoramaSlot(props: PanoramaSlotProps) {
  const { scene, sceneTitles, initialView, mouseViewMode, autoRotate, onLinkHotspot, onInfoHotspot } = props;
  const setView = useSetAtom(viewAtom);
  const request = useAtomValue(viewRequestAtom);
  const motion = useAtomValue(deviceMotionAtom);
  const [vrAvailable, setVrAvailable] = useAtom(vrAvailableAtom);
  const vrRequest = useAtomValue(vrRequestAtom);
  const handle = useRef<PanoramaHandle | null>(null);
  const node = scene.survey_node;

  const source = useMemo(() => ({ mantaLink: node.manta_link, tilesId: node.tiles_id, levels: node.levels, faceSize: node.face_size }),
    [node.manta_link, node.tiles_id, node.levels, node.face_size]);
  // Start the preview and the first view's tiles now. For the first scene, the early stage draws them as
  // they arrive and asks for the renderer once that view is complete (or on input, or after a deadline).
  const hostRef = useRef<HTMLDivElement | null>(null);
  const [engineWanted, setEngineWanted] = useState(false);
  const engineAsked = useRef(false);
  useEffect(() => {
    const el = hostRef.current;
    const vp = { width: el?.clientWidth || innerWidth, height: el?.clientHeight || innerHeight, dpr: devicePixelRatio || 1 };
    prefetchScene(source, initialView, vp);
    if (engineAsked.current || !el) return;
    engineAsked.current = true;
    prepareContext(vp);
    startEarlyStage({ source, view: initialView, vp, host: el, mouseViewMode, loadEngine: () => setEngineWanted(true) });
    // Only when the scene changes: a later initial view is the renderer's business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);
  // Leaving before the renderer came: the early stage's canvas and context go too.
  useEffect(() => () => {
    cancelEarlyStage();
    engineAsked.current = false;
  }, []);

  // The renderer reports every frame of a pan; re-rendering the overlay that often would cost frames.
  const latestView = useRef<View | null>(null);
  const viewTimer = useRef<number | null>(null);
  const lastSent = useRef(0);
  const onViewChange = useCallback((v: View) => {
    latestView.current = v;
    if (viewTimer.current !== null) return;
    const wait = Math.max(0, VIEW_LISTENER_MS - (performance.now() - lastSent.current));
    viewTimer.current = window.setTimeout(() => {
      viewTimer.current = null;
      lastSent.current = performance.now();
      if (latestView.current) setView(latestView.current);
    }, wait);
  }, [setView]);
  useEffect(() => () => { if (viewTimer.current !== null) window.clearTimeout(viewTimer.current); }, []);

  const hotspots = useMemo<Hotspot[]>(() => [
    ...node.link_hotspots.map((h, i): Hotspot => ({
      kind: 'link', id: `link-${i}-${h.target}`, yaw: h.yaw, pitch: h.pitch, rotation: h.rotation,
      label: sceneTitles.get(h.target) ?? h.target, target: { mantaLink: node.manta_link, tilesId: h.target },
    })),
    ...node.info_hotspots.map((h): Hotspot => ({ kind: 'info', id: h.info_id, yaw: h.yaw, pitch: h.pitch, title: h.title })),
  ], [node, sceneTitles]);

  const onHotspotClick = (h: Hotspot) => {
    if (h.kind === 'link') {
      const link = node.link_hotspots.find((l, i) => `link-${i}-${l.target}` === h.id);
      if (link) onLinkHotspot(link.target);
    } else {
      const info = node.info_hotspots.find((i) => i.info_id === h.id);
      if (info) onInfoHotspot(info);
    }
  };

  // Pan requests (hotspot list → info hotspot) move over 1500 ms.
  useEffect(() => {
    if (!request) return;
    const h = handle.current;
    if (!h) return;
    if (request.animate) void h.lookTo(request.view, PAN_TRANSITION_MS);
    else h.setView({ ...h.getView(), ...request.view });
  }, [request]);

  // A headset browser offers immersive VR: the Enter VR button shows, and the renderer loads its XR part.
  useEffect(() => {
    let live = true;
    navigator.xr?.isSessionSupported('immersive-vr').then((ok) => live && setVrAvailable(ok), () => {});
    return () => { live = false; };
  }, [setVrAvailable]);
  useEffect(() => {
    if (vrRequest > 0) handle.current?.enterVR().catch((e: unknown) => console.error('Could not enter VR:', e));
  }, [vrRequest]);

  // Kiosk idle: slow auto-rotation (input stops it: the kiosk hook turns autoRotate off).
  useEffect(() => {
    if (!autoRotate) return;
    let last = performance.now();
    const id = window.setInterval(() => {
      const h = handle.current;
      const now = performance.now();
      if (h) { const v = h.getView(); h.setView({ ...v, yaw: v.yaw + (AUTO_ROTATE_RAD_PER_S * (now - last)) / 1000 }); }
      last = now;
    }, 50);
    return () => window.clearInterval(id);
  }, [autoRotate]);

  const fallback = <PanoramaStandIn {...props} />;
  // Under the early stage's canvas once it draws (the canvas is positioned, so it covers this).
  const loading = <div className="panorama-loading"><Spinner label="Loading the panorama" /></div>;
  return (
    <div ref={hostRef} className="panorama-host" role="region" aria-label={`Panorama: ${node.title}. Drag or use the arrow keys to look around.`}>
      {engineWanted ? (
        <RendererBoundary fallback={fallback} resetKey={node.tiles_id}>
          <Suspense fallback={loading}>
            <Panorama ref={handle} scene={source} initialView={initialView} hotspots={hotspots} onHotspotClick={onHotspotClick}
              onViewChange={onViewChange} mouseViewMode={mouseViewMode} deviceOrientation={motion} xr={vrAvailable}
            className="panorama-canvas" background="#1b110a" />
          </Suspense>
        </RendererBoundary>
      ) : loading}
    </div>
  );
}

/** Shows the stand-in when the renderer throws (e.g. no WebGL), until the scene changes. */
class RendererBoundary extends Component<{ fallback: ReactNode; resetKey: string; children: ReactNode }, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError() { return { failed: true }; }
  static getDerivedStateFromProps(p: { resetKey: string }, s: { failed: boolean; key: string }) {
    return p.resetKey !== s.key ? { failed: false, key: p.resetKey } : null;
  }
  componentDidCatch(error: unknown) { console.error('Panorama renderer failed:', error); }
  render() { return this.state.failed ? this.props.fallback : this.props.children; }
}

/** A labelled stand-in without WebGL: the scene's name and its hotspots as buttons. */
function PanoramaStandIn({ scene, sceneTitles, initialView, onLinkHotspot, onInfoHotspot }: PanoramaSlotProps) {
  const setView = useSetAtom(viewAtom);
  useEffect(() => { setView(initialView); }, [initialView, setView]);
  const node = scene.survey_node;
  return (
    <div className="panorama-slot">
      <div className="panorama-placeholder">
        <p className="placeholder-label">Panorama unavailable</p>
        <p className="placeholder-note">This device could not start the 360° renderer.</p>
        <p className="placeholder-scene">{node.title}</p>
        <div className="placeholder-hotspots">
          {node.link_hotspots.map((h, i) => (
            <button key={`l${i}`} type="button" className="chip" onClick={() => onLinkHotspot(h.target)}>
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
