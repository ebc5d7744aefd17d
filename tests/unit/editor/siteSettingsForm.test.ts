import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '../../../contract/api';
import { siteSettingsPatch } from '../../../contract/api';
import {
  formOf,
  patchOf,
  serverErrors,
  startViewOf,
  validatePatch,
} from '../../../src/editor/settings/siteSettingsForm';

const saved: SiteSettings = {
  site: 'farm',
  enable: {
    timeline: true,
    floors: true,
    hotspots_nav: true,
    documentation: true,
    about: true,
    animations: false,
    rotation: true,
  },
  num_floors: 2,
  display: { title: 'Farm' },
  initial_settings: { date: '', pano_id: '', floor: 0, yaw: 0, pitch: 0, fov: Math.PI / 2, rotation_offset: 0 },
  marzipano_mouse_view_mode: 'drag',
  enableMultiSite: false,
  animation: { title: '', url: '' },
  kiosk: { enabled: false, idleRotateSeconds: 60, idleResetSeconds: 180 },
};

describe('site settings form', () => {
  const base = formOf(saved);
  it('shows angles in degrees and saves nothing when nothing changed', () => {
    expect(base.fovDeg).toBe('90');
    expect(patchOf(base, base)).toEqual({});
  });
  it('saves only the groups that changed, angles back in radians', () => {
    const form = { ...base, title: 'Farm 2', enable: { ...base.enable, timeline: false }, yawDeg: '180' };
    const patch = patchOf(form, base);
    expect(patch).toEqual({
      display: { title: 'Farm 2' },
      enable: { timeline: false },
      initial_settings: { floor: 0, date: '', pano_id: '', yaw: Math.PI, pitch: 0, fov: Math.PI / 2 },
    });
    expect(siteSettingsPatch.safeParse(patch).success).toBe(true);
  });
  it('round-trips a saved document through the form and the patch', () => {
    const changed = {
      ...base,
      kioskEnabled: true,
      idleRotateSeconds: '5',
      idleResetSeconds: '9',
      mouseMode: 'qtvr' as const,
    };
    expect(patchOf(changed, base)).toEqual({
      kiosk: { enabled: true, idleRotateSeconds: 5, idleResetSeconds: 9, idleAction: 'rotate' },
      marzipano_mouse_view_mode: 'qtvr',
    });
  });
  it('checks by the server schema and names the field, in degrees for angles', () => {
    expect(validatePatch(patchOf({ ...base, title: '  ' }, base))).toEqual({ title: 'Error! You need a site name!' });
    const errs = validatePatch(patchOf({ ...base, idleRotateSeconds: '-1', fovDeg: '200' }, base));
    expect(Object.keys(errs).sort()).toEqual(['fovDeg', 'idleRotateSeconds']);
    expect(errs.fovDeg).toMatch(/180.*degrees/);
    expect(validatePatch(patchOf({ ...base, idleResetSeconds: '' }, base)).idleResetSeconds).toBeTruthy();
  });
  it('spreads a server refusal onto the fields it names, the rest onto the form', () => {
    expect(
      serverErrors('Invalid request. kiosk/idleRotateSeconds: too big; display.title: empty; body: strange'),
    ).toEqual({ idleRotateSeconds: 'too big', title: 'empty', form: 'body: strange' });
    expect(serverErrors('You may not change this site.')).toEqual({ form: 'You may not change this site.' });
  });
  it('takes the viewer link as the start view, and nothing without a scene', () => {
    const link = { floor: 1, date: '2024-05-01', node: 'n7', view: { yaw: Math.PI / 2, pitch: -0.1, fov: 1 } };
    const form = startViewOf(link, base)!;
    expect([form.floor, form.date, form.panoId, form.yawDeg]).toEqual([1, '2024-05-01', 'n7', '90']);
    expect(patchOf(form, base).initial_settings?.yaw).toBeCloseTo(Math.PI / 2, 6);
    expect(startViewOf({ floor: 1 }, base)).toBeNull();
  });
});
