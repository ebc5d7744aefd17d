import { describe, expect, it } from 'vitest';
import {
  siteEntryLabel,
  activeEntry,
  addSceneLink,
  settingsLink,
  visibleEntries,
  type EntryRules,
} from '../../../src/overlay/sidebar/sidebarEntries';

const base: EntryRules = {
  isAdmin: false,
  ssoEnabled: true,
  kiosk: false,
  multiSite: false,
  floorPopulated: true,
  documentation: false,
  about: false,
  animations: false,
};

describe('sidebar entries', () => {
  it('shows only Home and Site to visitors when single sign-on is in use', () => {
    expect(visibleEntries(base)).toEqual(['/', 'site']);
  });
  it('adds Add Scene for admins or when single sign-on is off, never on a kiosk', () => {
    expect(visibleEntries({ ...base, isAdmin: true })).toEqual(['/', 'site', 'addScene', 'surveys', 'settings']);
    expect(visibleEntries({ ...base, ssoEnabled: false })).toEqual(['/', 'site', 'addScene', 'surveys']);
    expect(visibleEntries({ ...base, ssoEnabled: false, kiosk: true })).toEqual(['/', 'site']);
  });
  it("adds Site settings for the site's administrators only, never on a kiosk", () => {
    expect(visibleEntries({ ...base, isAdmin: true, about: true })).toEqual([
      '/',
      'site',
      'addScene',
      'surveys',
      '/about',
      'settings',
    ]);
    expect(visibleEntries({ ...base, isAdmin: true, kiosk: true })).toEqual(['/', 'site']);
    expect(visibleEntries({ ...base, ssoEnabled: false, kiosk: true })).not.toContain('settings');
    expect(activeEntry('/site/farm/settings', true)).toBe('settings');
  });
  it("takes the viewer's place and camera to Site settings, and nothing from other pages", () => {
    expect(settingsLink('/settings', true, '?floor=1&node=n&yaw=0.5')).toBe('/settings?floor=1&node=n&yaw=0.5');
    expect(settingsLink('/settings', false, '?floor=1')).toBe('/settings');
    expect(settingsLink('/settings', true, '')).toBe('/settings');
  });
  it('adds documentation, about and animation by their flags', () => {
    expect(visibleEntries({ ...base, documentation: true, about: true, animations: true })).toEqual([
      '/',
      'site',
      'documentation',
      '/about',
      'animation',
    ]);
  });
  it('hides the entries in multi-site mode when the current floor has no survey', () => {
    expect(visibleEntries({ ...base, multiSite: true, floorPopulated: false })).toEqual([]);
    expect(visibleEntries({ ...base, multiSite: false, floorPopulated: false })).toEqual(['/', 'site']);
  });
  it('derives the active entry from the last path segment', () => {
    expect(activeEntry('/', false)).toBe('/');
    expect(activeEntry('/site', false)).toBe('site');
    expect(activeEntry('/about', false)).toBe('/about');
    expect(activeEntry('/site/farm-1/documentation', true)).toBe('documentation');
    expect(activeEntry('/site/farm-1', true)).toBe('site');
    expect(activeEntry('/site/farm-1/site/', true)).toBe('site');
  });
});

describe('Add Scene entry', () => {
  it('carries the floor in view to the upload page, and nothing when no floor is in view', () => {
    expect(addSceneLink('/addScene', 2)).toBe('/addScene?floor=2');
    expect(addSceneLink('/site/farm-1/addScene', 0)).toBe('/site/farm-1/addScene?floor=0');
    expect(addSceneLink('/addScene', undefined)).toBe('/addScene');
  });
});

describe('Site entry', () => {
  it('says Add Scenes on an empty site only to who may add them', () => {
    expect(siteEntryLabel(true, true)).toBe('Add Scenes');
    expect(siteEntryLabel(true, false)).toBe('Site');
    expect(siteEntryLabel(false, true)).toBe('Site');
  });
});
