// Standalone panorama page (scene.html): one scene from the query string, nothing else. Used by the
// end-to-end tests and the viewer benchmark, and handy for looking at a pyramid by itself.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { type Hotspot, Panorama } from '../scene';
import { readSceneParams } from './sceneParams';

function ScenePage() {
  const [params] = useState(() => readSceneParams(window.location.search));
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

function main() {
  const root = createRoot(document.getElementById('root')!);
  try {
    readSceneParams(window.location.search);
    root.render(
      <StrictMode>
        <ScenePage />
      </StrictMode>,
    );
  } catch (e) {
    root.render(<p style={{ color: '#fff', font: '16px sans-serif', padding: 16 }}>{(e as Error).message}</p>);
  }
}
main();
