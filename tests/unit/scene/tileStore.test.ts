// The tile store with a mocked source and uploader, as Marzipano's test/suite/TextureStore.js does.
import { describe, expect, it } from 'vitest';
import { type TileId, tileKey } from '../../../src/scene/tileGrid';
import { FrameUploads } from '../../../src/scene/frameUploads';
import { TileStore, type TileUploader } from '../../../src/scene/tileStore';
import type { VisibleTile } from '../../../src/scene/visibleTiles';

const tile = (x: number): TileId => ({ z: 1, face: 'f', x, y: 0 });
const wanted = (...xs: number[]): VisibleTile[] => xs.map((x, i) => ({ tile: tile(x), distance: i }));
const tick = () => new Promise((r) => setTimeout(r, 0));

interface Img {
  name: string;
  onGpu?: boolean;
}

function harness(opts: ConstructorParameters<typeof TileStore>[3] = {}, ready = new Map<string, Img>()) {
  const pending = new Map<string, { resolve: (i: Img) => void; signal: AbortSignal }>();
  const log: string[] = [];
  let changes = 0;
  let clock = 0;
  const uploader: TileUploader<Img, string> = {
    create: (t, img) => ({ value: `${tileKey(t)}=${img.name}`, bytes: 100, imageBytes: 10, uploaded: !!img.onGpu }),
    upload: (v) => log.push(`upload ${v}`),
    dispose: (v) => log.push(`dispose ${v}`),
    discard: (img) => log.push(`discard ${img.name}`),
  };
  const store = new TileStore<Img, string>(
    {
      load: (t, signal, full) =>
        new Promise((resolve) => pending.set(`${tileKey(t)}${full ? '@full' : ''}`, { resolve, signal })),
      takeReady: (t, full) => {
        const key = `${tileKey(t)}${full ? '@full' : ''}`;
        const img = ready.get(key);
        ready.delete(key);
        return img;
      },
    },
    uploader,
    () => changes++,
    { now: () => clock, ...opts },
  );
  /** One frame: want, ask what is drawable, take what is drawn, end. */
  const frame = (visible: VisibleTile[], full = false) => {
    store.want(visible, full);
    const drawable = visible.filter((v) => store.isDrawable(v.tile)).map((v) => tileKey(v.tile));
    for (const k of drawable) store.take(k);
    const more = store.endFrame(drawable.length === visible.length);
    return { drawable, more };
  };
  return { store, pending, log, frame, changes: () => changes, advance: (ms: number) => (clock += ms) };
}

describe('tile store', () => {
  it('loads what is wanted, nearest first, and draws a tile once it has arrived and is uploaded', async () => {
    const h = harness({ concurrency: 1 });
    expect(h.frame(wanted(2, 5)).drawable).toEqual([]);
    expect([...h.pending.keys()]).toEqual(['1/f/0/2']);
    h.pending.get('1/f/0/2')!.resolve({ name: 'a' });
    await tick();
    expect(h.changes()).toBe(1);
    expect(h.frame(wanted(2, 5)).drawable).toEqual(['1/f/0/2']);
    expect(h.log).toEqual(['upload 1/f/0/2=a']);
    expect(h.store.tilesRequested).toBe(2);
    expect(h.store.tileBytes).toBe(10);
  });

  it('takes tiles that arrived early in the same frame, without a request, and never re-uploads GPU ones', () => {
    const ready = new Map([
      ['1/f/0/1', { name: 'early', onGpu: true }],
      ['1/f/0/3', { name: 'decoded' }],
    ]);
    const h = harness({}, ready);
    const { drawable } = h.frame(wanted(1, 3));
    expect(drawable).toEqual(['1/f/0/1', '1/f/0/3']);
    expect(h.pending.size).toBe(0);
    expect(h.log).toEqual(['upload 1/f/0/3=decoded']);
    expect(h.changes()).toBe(0);
  });

  it('aborts loads of tiles no longer wanted', () => {
    const h = harness();
    h.frame(wanted(1, 2));
    const signal = h.pending.get('1/f/0/1')!.signal;
    h.frame(wanted(2));
    expect(signal.aborted).toBe(true);
  });

  it('uploads without limit until the first complete view, then within the budget', () => {
    const ready = new Map<string, Img>();
    for (let x = 0; x < 10; x++) ready.set(tileKey(tile(x)), { name: `t${x}` });
    const h = harness({ uploadsPerFrame: 1, maxUploadsPerFrame: 3, uploadMsPerFrame: 4 }, ready);
    // First view: all eight at once.
    expect(h.frame(wanted(0, 1, 2, 3, 4, 5, 6, 7)).drawable).toHaveLength(8);
    // Now two more arrive: at least one per frame, more while the milliseconds last (the clock stands).
    const f = h.frame(wanted(0, 1, 2, 3, 4, 5, 6, 7, 8, 9));
    expect(f.drawable).toHaveLength(10);
    expect(f.more).toBe(false);
  });

  it('puts uploads off when the frame time is spent, and says another frame is needed', () => {
    const ready = new Map<string, Img>();
    for (let x = 0; x < 6; x++) ready.set(tileKey(tile(x)), { name: `t${x}` });
    const h = harness({ uploadsPerFrame: 1, maxUploadsPerFrame: 3, uploadMsPerFrame: 4 }, ready);
    h.frame(wanted(0));
    h.store.want(wanted(0, 1, 2, 3, 4, 5));
    h.advance(10);
    // Past the time: only the guaranteed one.
    const drawable = wanted(0, 1, 2, 3, 4, 5).filter((v) => h.store.isDrawable(v.tile));
    expect(drawable).toHaveLength(2);
    expect(h.store.endFrame(false)).toBe(true);
  });

  it('spends from an allowance shared with another store: both together upload what one frame may', () => {
    let clock = 0;
    const shared = new FrameUploads({ uploadsPerFrame: 1, maxUploadsPerFrame: 3, uploadMsPerFrame: 4 }, () => clock);
    const stores = [0, 1].map(() => {
      const ready = new Map<string, Img>();
      for (let x = 0; x < 6; x++) ready.set(tileKey(tile(x)), { name: `t${x}` });
      const h = harness({}, ready);
      h.store.shareUploads(shared);
      // A first complete view each (not limited), so the limits apply from now on.
      shared.refill();
      h.frame(wanted(0));
      return h;
    });
    // One frame, both stores drawing: the owner refills once, and the cap of 3 is shared.
    shared.refill();
    let drawn = 0;
    for (const h of stores) {
      h.store.want(wanted(0, 1, 2, 3, 4, 5));
      drawn += wanted(0, 1, 2, 3, 4, 5).filter((v) => h.store.isDrawable(v.tile)).length - 1;
    }
    expect(drawn).toBe(3);
    // A store that no longer shares refills its own again as its frame starts (its own defaults: up to 6).
    stores[1]!.store.shareUploads(null);
    clock += 1;
    stores[1]!.store.want(wanted(0, 1, 2, 3, 4, 5));
    expect(wanted(0, 1, 2, 3, 4, 5).filter((v) => stores[1]!.store.isDrawable(v.tile))).toHaveLength(6);
  });

  it('evicts least recently used tiles over budget, never those on screen', () => {
    const ready = new Map<string, Img>();
    for (let x = 0; x < 3; x++) ready.set(tileKey(tile(x)), { name: `t${x}` });
    const h = harness({ cacheBudgetBytes: 250 }, ready);
    h.frame(wanted(0, 1));
    h.frame(wanted(1));
    h.frame(wanted(2));
    // 1 was on screen in the last frame (and used after 0): 0 goes.
    expect(h.log.filter((l) => l.startsWith('dispose'))).toEqual(['dispose 1/f/0/0=t0']);
    expect([0, 1, 2].map((x) => h.store.has(tile(x)))).toEqual([false, true, true]);
  });

  it('after dispose, frees everything and discards late arrivals', async () => {
    const h = harness();
    h.frame(wanted(1));
    const p = h.pending.get('1/f/0/1')!;
    h.store.dispose();
    expect(p.signal.aborted).toBe(true);
    p.resolve({ name: 'late' });
    await tick();
    expect(h.changes()).toBe(0);
  });

  describe('full detail', () => {
    /** Tile 1 drawn from its small copy, then wanted in full detail. */
    async function smallOnScreen(opts: ConstructorParameters<typeof TileStore>[3] = {}) {
      const h = harness(opts);
      h.frame(wanted(1));
      h.pending.get('1/f/0/1')!.resolve({ name: 'small' });
      await tick();
      expect(h.frame(wanted(1)).drawable).toEqual(['1/f/0/1']);
      return h;
    }

    it('loads the full tile for a drawn small one and swaps them in the frame that uploads it, never a gap', async () => {
      const h = await smallOnScreen();
      // While the full one is on its way, the small one is drawn every frame.
      expect(h.frame(wanted(1), true).drawable).toEqual(['1/f/0/1']);
      expect([...h.pending.keys()]).toEqual(['1/f/0/1', '1/f/0/1@full']);
      expect(h.store.detailDone).toBe(false);
      h.pending.get('1/f/0/1@full')!.resolve({ name: 'full' });
      await tick();
      h.log.length = 0;
      h.store.want(wanted(1), true);
      expect(h.store.isDrawable(tile(1))).toBe(true);
      expect(h.store.take('1/f/0/1')).toBe('1/f/0/1=full');
      h.store.endFrame(true);
      expect(h.log).toEqual(['upload 1/f/0/1=full', 'dispose 1/f/0/1=small']);
      expect(h.store.detailDone).toBe(true);
      // Held once: nothing more is loaded, at either grade.
      expect(h.frame(wanted(1), true).drawable).toEqual(['1/f/0/1']);
      expect(h.frame(wanted(1), false).drawable).toEqual(['1/f/0/1']);
      expect(h.store.tilesRequested).toBe(2);
    });

    it('keeps drawing the small tile while the frame has no upload to spare for the full one', async () => {
      const h = await smallOnScreen({ uploadsPerFrame: 0, maxUploadsPerFrame: 0 });
      h.frame(wanted(1), true);
      h.pending.get('1/f/0/1@full')!.resolve({ name: 'full' });
      await tick();
      h.store.want(wanted(1), true);
      expect(h.store.isDrawable(tile(1))).toBe(true);
      expect(h.store.take('1/f/0/1')).toBe('1/f/0/1=small');
      // Another frame is asked for, to upload it then.
      expect(h.store.endFrame(true)).toBe(true);
    });

    it('drops a full tile that arrives for a tile gone from the screen before its upload', async () => {
      const h = await smallOnScreen({ uploadsPerFrame: 0, maxUploadsPerFrame: 0 });
      h.frame(wanted(1), true);
      h.pending.get('1/f/0/1@full')!.resolve({ name: 'full' });
      await tick();
      h.frame(wanted(2), true);
      expect(h.log).toContain('dispose 1/f/0/1=full');
    });

    it('aborts the full load when the view widens again, and keeps the small tile', async () => {
      const h = await smallOnScreen();
      h.frame(wanted(1), true);
      const full = h.pending.get('1/f/0/1@full')!;
      expect(h.frame(wanted(1), false).drawable).toEqual(['1/f/0/1']);
      expect(full.signal.aborted).toBe(true);
    });

    it('loads a tile not held straight in full detail, and takes a small one loaded early meanwhile', async () => {
      const ready = new Map([['1/f/0/2', { name: 'early small', onGpu: true }]]);
      const h = harness({}, ready);
      expect(h.frame(wanted(1, 2), true).drawable).toEqual(['1/f/0/2']);
      expect([...h.pending.keys()].sort()).toEqual(['1/f/0/1@full', '1/f/0/2@full']);
      // The full one arrives: drawn in place.
      h.pending.get('1/f/0/1@full')!.resolve({ name: 'full' });
      await tick();
      h.frame(wanted(1, 2), true);
      expect(h.store.take('1/f/0/1')).toBe('1/f/0/1=full');
    });
  });
});
