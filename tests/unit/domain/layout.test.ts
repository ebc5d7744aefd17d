// The layout model: for every viewport class and every pair of panels, opening one after the other leaves
// only panels that may share the screen; the rule is symmetric; turning the phone keeps the newest panels.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PANELS,
  SIDEBAR_START_WIDTH,
  VIEWPORT_CLASSES,
  afterClosing,
  afterOpening,
  compatible,
  sidebarStartsCollapsed,
  sidebarStartsCollapsedIn,
  fitTo,
  focusShare,
  panoramaBoxAtStart,
  pitchToShow,
  regionOf,
  viewportClass,
} from '../../../src/domain/layout';

describe('layout model', () => {
  it('classes viewports: desktop and tablets, phones upright and sideways', () => {
    expect(viewportClass(1280, 800)).toBe('desktop');
    expect(viewportClass(820, 1180)).toBe('desktop');
    expect(viewportClass(390, 844)).toBe('phone-upright');
    expect(viewportClass(844, 390)).toBe('phone-sideways');
    expect(viewportClass(600, 400)).toBe('phone-sideways');
  });

  for (const vp of VIEWPORT_CLASSES) {
    for (const a of PANELS) {
      for (const b of PANELS) {
        if (a === b) continue;
        it(`${vp}: ${a} then ${b}`, () => {
          const open = afterOpening(afterOpening([], a, vp), b, vp);
          // The one opened last is open; the first stays only where the two never cover each other.
          expect(open).toContain(b);
          expect(open.includes(a)).toBe(compatible(a, b, vp));
          expect(compatible(a, b, vp)).toBe(compatible(b, a, vp));
          const same = regionOf(a, vp) === regionOf(b, vp);
          if (same || regionOf(a, vp) === 'screen' || regionOf(b, vp) === 'screen') expect(open).toEqual([b]);
          expect(afterClosing(open, b)).toEqual(open.filter((p) => p !== b));
        });
      }
    }
  }

  it('gives the right-hand column (desktop, sideways) and the sheet (upright) to one panel at a time', () => {
    for (const vp of VIEWPORT_CLASSES) {
      expect(compatible('timeline', 'hotspots', vp)).toBe(false);
      expect(compatible('info', 'timeline', vp)).toBe(false);
      expect(compatible('camera', 'info', vp)).toBe(true);
    }
    expect(compatible('sidebar', 'timeline', 'desktop')).toBe(true);
    expect(compatible('sidebar', 'timeline', 'phone-upright')).toBe(false);
  });

  it('keeps the newest panels that fit when the phone turns', () => {
    expect(fitTo(['sidebar', 'camera', 'timeline'], 'phone-upright')).toEqual(['camera', 'timeline']);
    expect(fitTo(['timeline', 'camera'], 'desktop')).toEqual(['timeline', 'camera']);
  });

  it("turns the view so a hotspot shows above an upright phone's sheet", () => {
    const vfov = Math.PI / 2;
    expect(pitchToShow(0.2, vfov, 0.5)).toBeCloseTo(0.2);
    const share = focusShare('phone-upright');
    expect(share).toBeLessThan(0.5);
    // Shown at `share` of the height: tan(q - p) = (share - 0.5) * 2 * tan(vfov / 2).
    const p = pitchToShow(0.2, vfov, share);
    expect(Math.tan(0.2 - p)).toBeCloseTo((share - 0.5) * 2 * Math.tan(vfov / 2));
    expect(p).toBeGreaterThan(0.2);
  });
});

describe('panoramaBoxAtStart', () => {
  it('leaves the expanded sidebar beside the viewer on a desktop and the collapsed one on a phone', () => {
    expect(panoramaBoxAtStart(1280, 720)).toEqual({ width: 1064, height: 720 });
    expect(panoramaBoxAtStart(390, 844)).toEqual({ width: 338, height: 844 });
    expect(panoramaBoxAtStart(844, 390)).toEqual({ width: 792, height: 390 });
  });

  it('uses the widths the stylesheet gives the sidebar', () => {
    const css = fs.readFileSync(path.join(__dirname, '../../../src/styles/app.css'), 'utf8');
    expect(css).toContain(`--sidebar-w: ${SIDEBAR_START_WIDTH.desktop}px;`);
    const phone = css.slice(css.indexOf('@media (max-width: 700px), (max-height: 500px) and (orientation: landscape)'));
    expect(phone).toContain(`--sidebar-w-small: ${SIDEBAR_START_WIDTH['phone-upright']}px;`);
  });
});

describe('the sidebar at start', () => {
  it('starts collapsed on phones either way up, expanded on desktops, asked by class or by size alike', () => {
    expect(VIEWPORT_CLASSES.filter(sidebarStartsCollapsedIn)).toEqual(['phone-upright', 'phone-sideways']);
    for (const [w, h] of [
      [1280, 720],
      [390, 844],
      [844, 390],
      [700, 900],
      [701, 500],
    ] as const)
      expect(sidebarStartsCollapsed(w, h)).toBe(sidebarStartsCollapsedIn(viewportClass(w, h)));
    expect(sidebarStartsCollapsed(844, 390)).toBe(true);
    expect(sidebarStartsCollapsed(1280, 720)).toBe(false);
  });
});
