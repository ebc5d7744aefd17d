// The standalone page's React part: one Panorama, and a line naming the last hotspot clicked and counting
// the clicks (tests read both).
// A link hotspot with a target switches the Panorama to that scene (same levels), which crossfades.
import { StrictMode, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { type Hotspot, Panorama, type PanoramaHandle, type TileSource } from '../scene';
import type { EarlyStage } from '../scene/early';
import type { SceneParams } from './sceneParams';

const NO_HOTSPOTS: Hotspot[] = [];

function ScenePage({ params, early }: { params: SceneParams; early: EarlyStage }) {
  const [clicked, setClicked] = useState<Hotspot | null>(null);
  const [clicks, setClicks] = useState(0);
  const [linked, setLinked] = useState<TileSource | null>(null);
  const handle = useRef<PanoramaHandle>(null);
  const scene = useMemo(() => (linked ? { ...params.scene, ...linked } : params.scene), [linked, params.scene]);
  const onHotspotClick = (h: Hotspot) => {
    setClicked(h);
    setClicks((n) => n + 1);
    if (h.kind === 'link' && h.target) setLinked({ mantaLink: h.target.mantaLink, tilesId: h.target.tilesId });
  };
  return (
    <>
      <Panorama
        ref={handle}
        early={early}
        xr={params.xr}
        scene={scene}
        initialView={params.view}
        hotspots={linked ? NO_HOTSPOTS : params.hotspots}
        mouseViewMode={params.mode}
        background={params.background}
        crossfadeMs={params.crossfadeMs}
        onHotspotClick={onHotspotClick}
        onStable={() => document.body.setAttribute('data-stable', 'true')}
        onViewChange={() => document.body.removeAttribute('data-stable')}
        style={{ position: 'absolute', inset: 0 }}
      />
      {params.xr && (
        <button
          type="button"
          style={{ position: 'absolute', right: 8, top: 8, font: '16px sans-serif' }}
          onClick={() => void handle.current?.enterVR()}
        >
          Enter VR
        </button>
      )}
      {clicked && (
        <output
          data-testid="hotspot-clicked"
          data-clicks={clicks}
          style={{ position: 'absolute', left: 8, bottom: 8, color: '#fff', font: '14px sans-serif' }}
        >
          {clicked.kind}:{clicked.id}
        </output>
      )}
    </>
  );
}

export function mountScenePage(el: HTMLElement, params: SceneParams, early: EarlyStage): void {
  performance.mark?.('scene-page:mount');
  createRoot(el).render(
    <StrictMode>
      <ScenePage params={params} early={early} />
    </StrictMode>,
  );
}
