// THE one file that wires the viewer to the panorama renderer (src/scene, another engineer's work).
// Until its <Panorama> lands this renders a clearly labelled stand-in: the scene's name and hotspots as
// buttons, drag / wheel / arrow keys move a simulated camera, so the overlay (camera info, deep links,
// minimap cone, kiosk) works end to end. Switch the body of this file to <Panorama> when it exists.
import { useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { InfoHotspot, SurveyScene, ViewParameters } from '../../api/contract';
import { viewAtom, viewRequestAtom } from '../../state/atoms';
import { HotspotIcon, LinkArrowIcon } from '../common/icons';

export const PAN_TRANSITION_MS = 1500;
const MIN_FOV = 0.35, MAX_FOV = 1.75, MAX_PITCH = Math.PI / 2;

export interface PanoramaSlotProps {
  scene: SurveyScene;
  /** Titles of the scenes link hotspots point at, by tiles id. */
  sceneTitles: ReadonlyMap<string, string>;
  /** The view to show when the scene opens (a deep link's view or the scene's initial view). */
  initialView: ViewParameters;
  mouseViewMode: 'drag' | 'qtvr';
  autoRotate: boolean;
  onLinkHotspot: (targetTilesId: string) => void;
  onInfoHotspot: (hotspot: InfoHotspot) => void;
}

const clampView = (v: ViewParameters): ViewParameters => ({
  yaw: Math.atan2(Math.sin(v.yaw), Math.cos(v.yaw)),
  pitch: Math.max(-MAX_PITCH, Math.min(MAX_PITCH, v.pitch)),
  fov: Math.max(MIN_FOV, Math.min(MAX_FOV, v.fov)),
});

export function PanoramaSlot({ scene, sceneTitles, initialView, mouseViewMode, autoRotate, onLinkHotspot, onInfoHotspot }: PanoramaSlotProps) {
  const setView = useSetAtom(viewAtom);
  const request = useAtomValue(viewRequestAtom);
  const [view, setLocal] = useState<ViewParameters>(() => clampView(initialView));
  const viewRef = useRef(view);
  const drag = useRef<{ x: number; y: number; view: ViewParameters } | null>(null);
  const anim = useRef<number | null>(null);

  const apply = (v: ViewParameters) => { const c = clampView(v); viewRef.current = c; setLocal(c); setView(c); };

  // A new scene opens at its initial view.
  useEffect(() => {
    if (anim.current) cancelAnimationFrame(anim.current);
    apply(initialView);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scene.id, initialView.yaw, initialView.pitch, initialView.fov]);

  // Pan requests (hotspot list → info hotspot) move over 1500 ms.
  useEffect(() => {
    if (!request) return;
    const from = viewRef.current;
    const to = { ...from, ...request.view };
    let dyaw = to.yaw - from.yaw;
    dyaw = Math.atan2(Math.sin(dyaw), Math.cos(dyaw));
    if (!request.animate) return apply(to);
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / PAN_TRANSITION_MS);
      const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
      apply({ yaw: from.yaw + dyaw * e, pitch: from.pitch + (to.pitch - from.pitch) * e, fov: from.fov + (to.fov - from.fov) * e });
      if (t < 1) anim.current = requestAnimationFrame(step);
    };
    anim.current = requestAnimationFrame(step);
    return () => { if (anim.current) cancelAnimationFrame(anim.current); };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request?.serial]);

  // Kiosk idle: slow auto-rotation.
  useEffect(() => {
    if (!autoRotate) return;
    const id = window.setInterval(() => apply({ ...viewRef.current, yaw: viewRef.current.yaw + 0.01 }), 50);
    return () => window.clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoRotate]);

  const onPointerDown = (e: React.PointerEvent) => {
    if ((e.target as HTMLElement).closest('button')) return;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, view: viewRef.current };
  };
  const onPointerMove = (e: React.PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const k = d.view.fov / (e.currentTarget as HTMLElement).clientHeight;
    const sign = mouseViewMode === 'qtvr' ? -1 : 1;
    apply({ ...d.view, yaw: d.view.yaw - sign * (e.clientX - d.x) * k, pitch: d.view.pitch - sign * (e.clientY - d.y) * k });
  };
  const end = () => { drag.current = null; };
  const onWheel = (e: React.WheelEvent) => apply({ ...viewRef.current, fov: viewRef.current.fov * (e.deltaY > 0 ? 1.08 : 1 / 1.08) });
  const onKeyDown = (e: React.KeyboardEvent) => {
    const v = viewRef.current, s = 0.05;
    const moves: Record<string, Partial<ViewParameters>> = {
      ArrowLeft: { yaw: v.yaw - s }, ArrowRight: { yaw: v.yaw + s }, ArrowUp: { pitch: v.pitch - s }, ArrowDown: { pitch: v.pitch + s },
      '+': { fov: v.fov / 1.08 }, '=': { fov: v.fov / 1.08 }, '-': { fov: v.fov * 1.08 },
    };
    const m = moves[e.key];
    if (m && e.target === e.currentTarget) { e.preventDefault(); apply({ ...v, ...m }); }
  };

  const node = scene.survey_node;
  return (
    <div className="panorama-slot" role="application" aria-roledescription="panorama" aria-label={`Panorama of ${node.title}. Drag, scroll or use the arrow keys to look around.`}
      tabIndex={0} onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={end} onPointerCancel={end} onWheel={onWheel} onKeyDown={onKeyDown}
      data-yaw={view.yaw.toFixed(4)} data-pitch={view.pitch.toFixed(4)} data-fov={view.fov.toFixed(4)}
      style={{ backgroundPosition: `${(-view.yaw * 180) / Math.PI * 4}px ${(view.pitch * 180) / Math.PI * 4}px` }}>
      <div className="panorama-placeholder">
        <p className="placeholder-label">Panorama renderer placeholder</p>
        <p className="placeholder-note">The 360° renderer (src/scene) is not connected yet.</p>
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
