// The standalone page's React part: one Panorama, and a line naming the last hotspot clicked (tests read it).
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { type Hotspot, Panorama } from '../scene';
import type { SceneParams } from './sceneParams';

function ScenePage({ params }: { params: SceneParams }) {
  const [clicked, setClicked] = useState<Hotspot | null>(null);
  return (
    <>
      <Panorama
        scene={params.scene}
        initialView={params.view}
        hotspots={params.hotspots}
        mouseViewMode={params.mode}
        background={params.background}
        onHotspotClick={setClicked}
        onStable={() => document.body.setAttribute('data-stable', 'true')}
        onViewChange={() => document.body.removeAttribute('data-stable')}
        style={{ position: 'absolute', inset: 0 }}
      />
      {clicked && (
        <output data-testid="hotspot-clicked" style={{ position: 'absolute', left: 8, bottom: 8, color: '#fff', font: '14px sans-serif' }}>
          {clicked.kind}:{clicked.id}
        </output>
      )}
    </>
  );
}

export function mountScenePage(el: HTMLElement, params: SceneParams): void {
  createRoot(el).render(
    <StrictMode>
      <ScenePage params={params} />
    </StrictMode>,
  );
}
