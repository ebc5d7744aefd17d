import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  BUILDING,
  planRooms,
  renderFloorPlan,
  renderInfoImage,
  renderPinCover,
  renderSiteMap,
} from '../../../server/demo/floorPlan.ts';
import { lumaSpread } from './helpers.ts';

describe('floor plans, site map and cards', () => {
  it('lays out rooms that exactly tile the building', () => {
    const rooms = planRooms('Ground Floor', 4 / 3, 7);
    expect(rooms).toHaveLength(7);
    const area = rooms.reduce((s, r) => s + r.w * r.h, 0);
    expect(area).toBeCloseTo(BUILDING.w * BUILDING.h, 9);
    for (const r of rooms) {
      expect(r.label).toBeTruthy();
      expect(r.x).toBeGreaterThanOrEqual(BUILDING.x - 1e-9);
      expect(r.x + r.w).toBeLessThanOrEqual(BUILDING.x + BUILDING.w + 1e-9);
    }
    expect(planRooms('Ground Floor')).toEqual(planRooms('Ground Floor')); // deterministic
    expect(planRooms('Level 2')).not.toEqual(planRooms('Ground Floor'));
  });

  it('renders a floor plan of the requested size with the floor label in its title block', async () => {
    const png = await renderFloorPlan({ width: 1200, height: 900, floorLabel: 'Ground Floor' });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 900, channels: 3 });
    // Title block (below the building, left): the label's ink on the paper.
    expect(await lumaSpread(png, { left: 60, top: 780, width: 500, height: 90 })).toBeGreaterThan(150);
    const other = await renderFloorPlan({ width: 1200, height: 900, floorLabel: 'First Floor' });
    expect(png.equals(other)).toBe(false);
    const jpg = await renderFloorPlan({
      width: 400,
      height: 300,
      floorLabel: 'Shed',
      format: 'jpeg',
      rooms: [
        { x: 0.05, y: 0.05, w: 0.45, h: 0.76, label: 'Bay 1' },
        { x: 0.5, y: 0.05, w: 0.45, h: 0.76, label: 'Bay 2' },
      ],
    });
    expect(await sharp(jpg).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
  });

  it('renders a landscape site map (JPEG) with an optional title and markers', async () => {
    const jpg = await renderSiteMap({
      width: 800,
      height: 500,
      seed: 'demo',
      title: 'Demo Sites',
      sites: [{ x: 0.5, y: 0.5, label: 'Farm' }],
    });
    expect(await sharp(jpg).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 500 });
    expect(await lumaSpread(jpg, { left: 0, top: 0, width: 800, height: 500 })).toBeGreaterThan(100);
    const again = await renderSiteMap({
      width: 800,
      height: 500,
      seed: 'demo',
      title: 'Demo Sites',
      sites: [{ x: 0.5, y: 0.5, label: 'Farm' }],
    });
    expect(jpg.equals(again)).toBe(true);
  });

  it('renders a pin cover and an info image with their labels', async () => {
    const cover = await renderPinCover('Shade House');
    expect(await sharp(cover).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 320 });
    expect(await lumaSpread(cover, { left: 20, top: 250, width: 440, height: 60 })).toBeGreaterThan(150); // caption band
    const info = await renderInfoImage('Irrigation Pump', { width: 320, height: 200 });
    expect(await sharp(info).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 200 });
    expect(await lumaSpread(info, { left: 110, top: 40, width: 180, height: 30 })).toBeGreaterThan(150); // the label
  });
});
