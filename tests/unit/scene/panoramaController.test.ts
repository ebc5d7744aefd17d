import { describe, expect, it } from 'vitest';
import { type LayerCounters, noCounters } from '../../../src/scene/layerCounters';
import { PanoramaController, type SceneLayer } from '../../../src/scene/panoramaController';
import type { View, Viewport } from '../../../src/scene/view';

class FakeLayer implements SceneLayer {
  constructor(readonly name = '') {}
  previewReady = false;
  counters: LayerCounters = noCounters();
  opacity = 1;
  order = -1;
  disposed = false;
  updates: View[] = [];
  refits = 0;
  needsMore = false;
  openingFov = -1;
  update(view: View, _vp: Viewport, _clip: boolean): boolean {
    this.updates.push(view);
    return this.needsMore;
  }
  refit(): void {
    this.refits++;
  }
  setOpacity(o: number): void {
    this.opacity = o;
  }
  setOrderBase(b: number): void {
    this.order = b;
  }
  setOpeningFov(fov: number): void {
    this.openingFov = fov;
  }
  dispose(): void {
    this.disposed = true;
  }
  ready(stable = true): void {
    this.previewReady = true;
    this.counters = { ...this.counters, previewReady: true, stable };
  }
}

const vp: Viewport = { width: 800, height: 600, dpr: 1 };
const FACE = 2048;

function make(start: ConstructorParameters<typeof PanoramaController>[2] = {}) {
  const events: string[] = [];
  const shown: string[] = [];
  let frames = 0;
  const c = new PanoramaController<FakeLayer>(
    FACE,
    {
      requestFrame: () => frames++,
      onViewChange: (v) => events.push(`view ${v.yaw.toFixed(2)}`),
      onStable: () => events.push('stable'),
      onSceneShown: (l) => shown.push((l as FakeLayer).name),
      crossfadeMs: () => 100,
    },
    start,
  );
  c.setViewport(vp);
  return { c, events, shown, requested: () => frames };
}

describe('panorama controller', () => {
  it('tells once per scene when its picture is on screen: the old one stays named until the new preview shows', () => {
    const { c, shown } = make();
    const a = new FakeLayer('a');
    c.showScene(a, FACE);
    c.drawLayers(0);
    expect(shown).toEqual([]);
    a.ready();
    c.drawLayers(1);
    c.drawLayers(2);
    const b = new FakeLayer('b');
    c.showScene(b, FACE);
    c.drawLayers(3);
    expect(shown).toEqual(['a']);
    b.ready(false);
    c.drawLayers(4);
    expect(shown).toEqual(['a', 'b']);
  });

  it('opens a scene at its initial view, within limits, and asks for a frame', () => {
    const { c, requested } = make();
    const layer = new FakeLayer();
    c.showScene(layer, FACE, { yaw: 1, pitch: 3, fov: 1 });
    expect(c.view.yaw).toBe(1);
    expect(c.view.pitch).toBeLessThanOrEqual(Math.PI / 2);
    expect(layer.order).toBe(0);
    expect(requested()).toBeGreaterThan(0);
  });

  it('goes on from the early stage view for the first scene, holding frames until the preview shows', () => {
    const start = { yaw: 0.5, pitch: 0.1, fov: 1.2 };
    const { c } = make({ view: start, frames: 7 });
    const layer = new FakeLayer();
    c.showScene(layer, FACE, { yaw: 2 });
    expect(c.view).toEqual(start);
    expect(c.drawLayers(0).render).toBe(false);
    layer.ready(false);
    expect(c.drawLayers(1).render).toBe(true);
    expect(c.frames).toBe(9);
    // A later scene opens at its own initial view.
    c.showScene(new FakeLayer(), FACE, { yaw: 2 });
    expect(c.view.yaw).toBe(2);
  });

  it("tells each layer its scene's opening fov: the early stage's for the first, even when zoomed since", () => {
    // The visitor zoomed the early picture from 1.4 to 1.2 before the engine came.
    const { c } = make({ view: { yaw: 0, pitch: 0, fov: 1.2 }, openingFov: 1.4 });
    const first = new FakeLayer();
    c.showScene(first, FACE);
    expect(first.openingFov).toBe(1.4);
    const next = new FakeLayer();
    c.showScene(next, FACE, { fov: 1 });
    expect(next.openingFov).toBe(1);
    // Without an early stage: the view the scene opens at, within limits.
    const plain = make().c;
    const own = new FakeLayer();
    plain.showScene(own, FACE, { fov: 0.01 });
    expect(own.openingFov).toBe(plain.view.fov);
    expect(own.openingFov).toBeGreaterThan(0.01);
  });

  it('pans with lookTo over time, resolving on arrival; a jump ends it', async () => {
    const { c } = make();
    c.showScene(new FakeLayer(), FACE, { yaw: 0 });
    const arrived = c.lookTo({ yaw: 1 }, 1000, 0);
    expect(c.advance(500)).toBe(true);
    expect(c.view.yaw).toBeCloseTo(0.5, 5);
    expect(c.advance(1000)).toBe(false);
    expect(c.view.yaw).toBeCloseTo(1, 9);
    await arrived;
    const interrupted = c.lookTo({ yaw: 2 }, 1000, 0);
    c.jump({ ...c.view, yaw: -1 });
    await interrupted;
    c.advance(500);
    expect(c.view.yaw).toBeCloseTo(-1, 9);
  });

  it('stops continuing input motion when a lookTo starts, and steps it each frame', () => {
    const { c } = make();
    const calls: string[] = [];
    c.controls = { step: () => (calls.push('step'), true), stop: () => calls.push('stop') };
    c.showScene(new FakeLayer(), FACE);
    expect(c.advance(0)).toBe(true);
    void c.lookTo({ yaw: 1 }, 10, 0);
    expect(calls).toEqual(['step', 'stop']);
  });

  it('crossfades: the old layer stays on top, fades once the new preview shows, then goes', () => {
    const { c } = make();
    const a = new FakeLayer();
    a.ready();
    c.showScene(a, FACE);
    const b = new FakeLayer();
    c.showScene(b, FACE);
    expect(a.order).toBe(1);
    expect(c.drawLayers(0).again).toBe(true);
    expect(a.opacity).toBe(1);
    b.ready();
    c.drawLayers(10);
    expect(c.drawLayers(60).again).toBe(true);
    expect(a.opacity).toBeCloseTo(0.5, 5);
    expect(a.refits).toBe(3);
    c.drawLayers(200);
    expect(a.disposed).toBe(true);
    expect(b.disposed).toBe(false);
  });

  it('reports view changes once per change and stability once per settling (not while fading)', () => {
    const { c, events } = make();
    const a = new FakeLayer();
    c.showScene(a, FACE, { yaw: 0 });
    c.drawLayers(0);
    a.ready();
    c.drawLayers(1);
    c.drawLayers(2);
    c.setView({ ...c.view, yaw: 0.25 });
    a.counters = { ...a.counters, stable: false };
    c.drawLayers(3);
    a.ready();
    c.drawLayers(4);
    expect(events).toEqual(['view 0.00', 'stable', 'view 0.25', 'stable']);
    const b = new FakeLayer();
    b.ready();
    c.showScene(b, FACE, { yaw: 0.25 });
    const n = events.length;
    c.drawLayers(5);
    expect(events).toHaveLength(n);
    c.drawLayers(500);
    expect(events.slice(n)).toEqual(['stable']);
  });

  it('loads for another view when told (a headset gaze) and asks for frames a layer needs', () => {
    const { c } = make();
    const a = new FakeLayer();
    a.needsMore = true;
    c.showScene(a, FACE);
    const gaze: View = { yaw: 2, pitch: 0, fov: 1.7 };
    expect(c.drawLayers(0, { load: [gaze, { width: 1800, height: 1800, dpr: 1 }] }).again).toBe(true);
    expect(a.updates.at(-1)).toEqual(gaze);
  });

  it('disposes its layers', () => {
    const { c } = make();
    const a = new FakeLayer();
    const b = new FakeLayer();
    c.showScene(a, FACE);
    c.showScene(b, FACE);
    c.dispose();
    expect(a.disposed && b.disposed).toBe(true);
    expect(c.counters().stable).toBe(false);
  });
});
