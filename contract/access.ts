// Who may do what, as plain values both sides share. The server applies `allows` to the rule each route declares;
// the client asks `mayDo` before it offers a control, so nobody is shown a button the server would refuse.
// Each action names the routes it calls (as the OpenAPI document spells them): an API test checks every one
// against the rule the server declares, and that every guarded write route has an action here.

/** The rule a route declares: anyone, its site's administrator, any administrator, or a superAdmin only. */
export type AccessRule = 'public' | 'siteAdmin' | 'anyAdmin' | 'superAdmin';

/** Who is asking: roles and, for a projectAdmin, the sites it administers. */
export interface AccessPerson {
  roles: readonly string[];
  sites: readonly string[];
}

/** Pure rule: superAdmin everything; projectAdmin its assigned sites (any admin rule when it has one); others reads. */
export function allows(rule: AccessRule, p: AccessPerson, site: string | null): boolean {
  if (rule === 'public' || p.roles.includes('superAdmin')) return true;
  if (!p.roles.includes('projectAdmin')) return false;
  if (rule === 'anyAdmin') return p.sites.length > 0;
  if (rule === 'siteAdmin') return site !== null && p.sites.includes(site);
  return false;
}

interface ActionRule {
  rule: AccessRule;
  /** "METHOD /api/path" of every route the action calls. */
  routes: readonly string[];
}

/** Every write the client offers. */
export const ACTIONS = {
  /** Enable Multisite / To Single Site. */
  switchMultiSite: { rule: 'superAdmin', routes: ['PATCH /api/settings'] },
  /** Add Scene, a new site's first upload (with its name and timeline setting). */
  addScenes: {
    rule: 'siteAdmin',
    routes: [
      'POST /api/site/{site}/{floor}/addScenes',
      'POST /api/site/{site}/{floor}/addPhotos',
      'PATCH /api/site/{site}/settings',
    ],
  },
  uploadDocumentation: { rule: 'siteAdmin', routes: ['POST /api/documentation/{site}'] },
  editAbout: { rule: 'siteAdmin', routes: ['PUT /api/site/{site}/about'] },
  /** The admin minimap: floors, their pictures and details, node places and rotations. */
  editMinimap: {
    rule: 'siteAdmin',
    routes: [
      'POST /api/site/{site}/minimap/newFloor/{n}',
      'PATCH /api/site/{site}/sitemap',
      'POST /api/site/{site}/minimap',
      'PATCH /api/node/coords/{id}',
      'PATCH /api/node/rotation/{id}',
    ],
  },
  /** The survey manager: rename, move and delete surveys and scenes, a scene's start view and north. */
  manageSurveys: {
    rule: 'siteAdmin',
    routes: [
      'GET /api/site/{site}/manage/surveys',
      'PATCH /api/site/{site}/manage/survey/{id}',
      'GET /api/site/{site}/manage/survey/{id}/removal',
      'DELETE /api/site/{site}/manage/survey/{id}',
      'PATCH /api/site/{site}/manage/scene/{id}',
      'POST /api/site/{site}/manage/scene/{id}/move',
      'GET /api/site/{site}/manage/scene/{id}/removal',
      'DELETE /api/site/{site}/manage/scene/{id}',
    ],
  },
  /** The viewer's hotspot editor: a scene's link and info hotspots saved as one set, and info panels' pictures. */
  editHotspots: {
    rule: 'siteAdmin',
    routes: ['PUT /api/site/{site}/scene/{tilesId}/hotspots', 'POST /api/site/{site}/scene/{tilesId}/hotspot-picture'],
  },
  /** The tour editor: create, save, publish and delete a site's guided tours. */
  editTours: {
    rule: 'siteAdmin',
    routes: [
      'GET /api/site/{site}/manage/tours',
      'POST /api/site/{site}/manage/tours',
      'PUT /api/site/{site}/manage/tours/{id}',
      'POST /api/site/{site}/manage/tours/{id}/publish',
      'DELETE /api/site/{site}/manage/tours/{id}',
    ],
  },
  /** The site's audit trail page. */
  readAudit: { rule: 'siteAdmin', routes: ['GET /api/site/{site}/audit'] },
  /** Hide/Show, Change and Move of the pin of a site. */
  editPin: { rule: 'siteAdmin', routes: ['PATCH /api/map-pins/{id}', 'PATCH /api/map-pins/{id}/coords'] },
  /** Add site, Delete and New map on the multi-site map. */
  addPin: { rule: 'superAdmin', routes: ['POST /api/map-pins'] },
  deletePin: { rule: 'superAdmin', routes: ['DELETE /api/map-pins/{id}'] },
  newSitemap: { rule: 'superAdmin', routes: ['POST /api/create-site-map'] },
  uploadPinCover: { rule: 'anyAdmin', routes: ['POST /api/map-pins/preview'] },
  manageUsers: {
    rule: 'superAdmin',
    routes: ['GET /api/users', 'POST /api/users', 'PUT /api/users/{id}', 'DELETE /api/users/{id}'],
  },
} as const satisfies Record<string, ActionRule>;

export type Action = keyof typeof ACTIONS;

/** May `p` do `action` on `site` (null: no site, e.g. the multi-site map)? */
export const mayDo = (p: AccessPerson, action: Action, site: string | null): boolean =>
  allows(ACTIONS[action].rule, p, site);
