import { describe, expect, it } from 'vitest';
import { snapshotKey } from '../../../src/scene/snapshotKey';

const source = { mantaLink: '/media/tiles/', tilesId: 'node-a', format: 'avif' as const };
const view = { yaw: 0.7, pitch: 0.1, fov: 1.2 };
const vp = { width: 1280, height: 720, dpr: 1 };

describe('snapshotKey', () => {
  it('is the same for the same scene, view and canvas', () => {
    expect(snapshotKey(source, { ...view }, { ...vp })).toBe(snapshotKey(source, view, vp));
    expect(snapshotKey(source, view, vp)).toMatch(/^\/__first-view-snapshot\?/);
  });

  it('differs with anything the picture depends on', () => {
    const k = snapshotKey(source, view, vp);
    const others = [
      snapshotKey({ ...source, tilesId: 'node-b' }, view, vp),
      snapshotKey({ ...source, format: 'jpg' }, view, vp),
      snapshotKey({ ...source, mantaLink: 'https://bucket.example/tiles/' }, view, vp),
      snapshotKey(source, { ...view, yaw: 0.700002 }, vp),
      snapshotKey(source, { ...view, pitch: -0.1 }, vp),
      snapshotKey(source, { ...view, fov: 1.1 }, vp),
      snapshotKey(source, view, { ...vp, width: 1279 }),
      snapshotKey(source, view, { ...vp, height: 721 }),
      snapshotKey(source, view, { ...vp, dpr: 2 }),
    ];
    for (const o of others) expect(o).not.toBe(k);
    expect(new Set(others).size).toBe(others.length);
  });

  it('keeps a tiles id with odd characters inside its own parameter', () => {
    const odd = snapshotKey({ ...source, tilesId: 'a&y=1#x' }, view, vp);
    expect(new URL(odd, 'http://x').searchParams.get('y')).toBe('0.700000');
  });
});
