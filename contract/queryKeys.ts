// Query keys of every server read, in one place so mutations invalidate exactly what they change. Shared: the
// server puts a page's first answers into its HTML under these keys (server/bootstrap/) and the client seeds its
// query cache with them. Pure and zod-free: the first-view bundle imports it.
export const keys = {
  appConfig: ['appConfig'] as const,
  sites: ['sites'] as const,
  siteSettings: (site: string) => ['siteSettings', site] as const,
  userInfo: ['userInfo'] as const,
  userType: ['userType'] as const,
  site: (site: string) => ['site', site] as const,
  surveyDetails: (site: string, floor: number, date: string | null) =>
    ['site', site, 'surveyDetails', floor, date] as const,
  surveyDates: (site: string, floor: number | null, date: string | null) =>
    ['site', site, 'surveyDates', floor, date] as const,
  floorsWithData: (site: string, date: string | null) => ['site', site, 'floorsWithData', date] as const,
  surveys: (site: string) => ['site', site, 'surveys'] as const,
  siteExists: (site: string) => ['site', site, 'exists'] as const,
  floorExists: (site: string, floor: number) => ['site', site, 'floorExists', floor] as const,
  emptyFloors: (site: string) => ['site', site, 'emptyFloors'] as const,
  minimapNodes: (site: string, floor: number, date: string | null) =>
    ['site', site, 'minimapNodes', floor, date] as const,
  unplacedNodes: (site: string, floor: number, date: string | null) =>
    ['site', site, 'unplacedNodes', floor, date] as const,
  minimap: (site: string, floor: number) => ['site', site, 'minimap', floor] as const,
  minimapFloors: (site: string) => ['site', site, 'minimapFloors'] as const,
  hotspots: (site: string, tilesId: string) => ['site', site, 'hotspots', tilesId] as const,
  about: (site: string) => ['site', site, 'about'] as const,
  rootDirectory: (site: string) => ['site', site, 'directories', 'root'] as const,
  directoryByName: (site: string, name: string) => ['site', site, 'directories', 'name', name] as const,
  directory: (id: string) => ['directory', id] as const,
  file: (id: string) => ['file', id] as const,
  siteFiles: (site: string) => ['site', site, 'files'] as const,
  /** A folder's listing (null: the root) or a search from it, every page fetched so far. */
  documents: (site: string, folder: string | null, search: string) =>
    ['site', site, 'documents', folder, search] as const,
  /** The survey manager's list (surveys, scenes, revisions) and a deletion's preview: under the site, so a change
   *  of its content refreshes them. */
  managedSurveys: (site: string) => ['site', site, 'manage'] as const,
  removal: (site: string, kind: 'survey' | 'scene', id: string) => ['site', site, 'manage', kind, id] as const,
  auditTrail: (site: string) => ['site', site, 'audit'] as const,
  /** The published tours visitors read, and every tour of the editor (under the site: a content change refreshes). */
  tours: (site: string) => ['site', site, 'tours'] as const,
  managedTours: (site: string) => ['site', site, 'manage', 'tours'] as const,
  pins: ['pins'] as const,
  sitemap: (name: string) => ['sitemap', name] as const,
  sitemaps: ['sitemaps'] as const,
};
