// How the first view starts: docs/first-view.md.
// What the client asks the API for when it opens a page, worked out on the server from the page's URL, so the
// answers can travel inside the HTML (the client seeds them into its query cache under the same keys) and the
// first tile is asked for as soon as the first script runs, not after five dependent round trips.
// It follows the client's own steps (the routes of src/routes, the viewer's resolution in
// src/domain/viewer/useResolvedViewerState.ts: RootRoute/SiteRoute -> SingleSiteView -> Sidebar -> ViewerPage)
// with the rules both share in contract/: the deep link, the date/floor/scene fallbacks, the query keys and the
// tile addresses. Each answer is what `read` gets from the API route the client would call, kept only when the
// client's fetch would have succeeded, and stored under the key the client reads it by: a guess that differs
// from the client's (e.g. an edge case of the admin rule) only leaves a key unused, never a wrong answer.
import type { AppConfig, SiteSettings, SurveyDateEntry, SurveyScene, UserInfo } from '../../contract/api.ts';
import { floorOrZero } from '../../contract/floors.ts';
import type { FirstView, PageQueryKey as QueryKey } from '../../contract/pageState.ts';
import { pageHotspots, sceneHotspots } from '../../contract/sceneHotspots.ts';
import { openingView } from '../../contract/initialView.ts';
import { keys } from '../../contract/queryKeys.ts';
import { parseViewerLink } from '../../contract/viewerLink.ts';
import { parseCompareLink } from '../../contract/compareLink.ts';
import { lockedYawOffset, type RotatedNode } from '../../contract/compareYaw.ts';
import { nearestOnOtherDate } from '../../contract/compareWalk.ts';
import type { PlanNode } from '../../contract/surveySwitch.ts';
import { resolveDate, resolveFloor, resolveScene } from '../../contract/viewerResolve.ts';
import type { PagePart } from './buildManifest.ts';

/** An API read as the client makes it: the envelope's payload when the answer is 200 with success, else undefined. */
export type ApiRead = (path: string, query?: Record<string, string | number | null>) => Promise<unknown>;

export interface FirstLoad {
  /** [query key, data] in the order the client asks. */
  queries: Array<[QueryKey, unknown]>;
  /** The scene a viewer page opens and its view, for the page's first script. */
  first?: FirstView;
  /** Lazy parts of the app the page shows with its first view (the page names their chunks ahead). */
  parts: PagePart[];
}

/** Which site and page a client route shows (src/routes/router.tsx, RootRoute, SiteRoute, SingleSiteView). */
interface PageOf {
  site: string;
  multiSite: boolean;
  viewer: boolean;
}

function pageOf(pathname: string, search: string, config: AppConfig): PageOf | null {
  const m = /^\/site\/([^/]+)(\/.*)?$/.exec(pathname);
  if (m) {
    let site: string;
    try {
      site = decodeURIComponent(m[1]);
    } catch {
      return null;
    }
    const rest = m[2] ?? '';
    // The multi-site shell's index redirects to its viewer page ("site").
    return { site, multiSite: true, viewer: rest === '' || rest === '/' || rest === '/site' || rest === '/site/' };
  }
  if (config.enableMultiSite) return null;
  const site = parseViewerLink(search).site ?? config.defaultSite;
  return { site, multiSite: false, viewer: pathname === '/site' || pathname === '/site/' };
}

const site$ = (site: string) => `/api/site/${encodeURIComponent(site)}`;

/** The client's admin rule (src/domain/useAdmin.ts) as it settles: nobody in kiosk mode, everyone without SSO. */
function isAdminOf(config: AppConfig, user: UserInfo | undefined, site: string, kiosk: boolean): boolean {
  if (kiosk) return false;
  if (!config.useSso) return true;
  if (!user) return false;
  return user.role.includes('superAdmin') || (user.role.includes('projectAdmin') && (user.sites ?? []).includes(site));
}

/** `avif`: the page request's Accept names image/avif (Chromium's does). */
export async function planFirstLoad(pathname: string, search: string, read: ApiRead, avif = false): Promise<FirstLoad> {
  const queries: FirstLoad['queries'] = [];
  const keep = <T>(key: QueryKey, data: T | undefined): T | undefined => {
    if (data !== undefined) queries.push([key, data]);
    return data;
  };
  const out = (): FirstLoad => ({ queries, parts: [] });

  const config = keep(keys.appConfig, (await read('/api/settings')) as AppConfig | undefined);
  if (!config) return out();
  const page = pageOf(pathname, search, config);
  if (!page || !page.site) return out();
  const { site, multiSite } = page;
  const link = parseViewerLink(search);

  const [settings, user] = await Promise.all([
    read(`${site$(site)}/settings`) as Promise<SiteSettings | undefined>,
    read('/api/login/user/info') as Promise<UserInfo | undefined>,
  ]);
  keep(keys.siteSettings(site), settings);
  keep(keys.userInfo, user);
  if (!settings) return out();

  // The sidebar: whether the site has data, and in multi-site mode whether the floor in view has.
  const sidebarFloor = link.floor ?? settings.initial_settings.floor ?? 0;
  const kiosk = link.kiosk === true || settings.kiosk?.enabled === true;
  const isAdmin = isAdminOf(config, user, site, kiosk);
  const floorAsked = link.floor ?? floorOrZero(settings.initial_settings.floor);
  const [exists, floorExists, allFloors, floorList, tours] = await Promise.all([
    read(`${site$(site)}/exists`) as Promise<{ sitePopulated?: boolean } | undefined>,
    multiSite
      ? (read(`${site$(site)}/${Math.max(0, sidebarFloor)}/exists`) as Promise<
          { floorPopulated?: boolean } | undefined
        >)
      : undefined,
    page.viewer ? (read(`${site$(site)}/survey/floors`) as Promise<number[] | undefined>) : undefined,
    page.viewer ? read(`${site$(site)}/minimap/floors`) : undefined,
    // Whether there is a guided tour: its button is held in the toolbar from the first picture (the tours' code
    // comes after the first view; a button appearing then moved the others).
    page.viewer ? read(`${site$(site)}/tours`) : undefined,
  ]);
  keep(keys.siteExists(site), exists && (exists.sitePopulated ?? false));
  if (multiSite) keep(keys.floorExists(site, sidebarFloor), floorExists && (floorExists.floorPopulated ?? false));
  if (!page.viewer) return out();

  // The viewer's resolution (useResolvedViewerState), step by step.
  keep(keys.floorsWithData(site, null), allFloors);
  keep(keys.minimapFloors(site), floorList);
  keep(keys.tours(site), tours);
  if (!allFloors) return out();
  const floorForDates =
    !isAdmin && allFloors.length > 0 && !allFloors.includes(floorAsked) ? Math.min(...allFloors) : floorAsked;
  const dates = keep(
    keys.surveyDates(site, floorForDates, null),
    (await read(`${site$(site)}/survey/details/compact`, { floor: floorForDates })) as SurveyDateEntry[] | undefined,
  );
  if (!dates) return out();
  const date = resolveDate(link.date ?? (settings.initial_settings.date || null), dates);
  if (!date) return out();
  const floorsOfDate = keep(
    keys.floorsWithData(site, date),
    (await read(`${site$(site)}/survey/floors`, { date })) as number[] | undefined,
  );
  if (!floorsOfDate) return out();
  const floor = resolveFloor(floorForDates, floorsOfDate);
  if (!allFloors.includes(floor)) return out();
  // The minimap is on screen with the first view (its panel, nodes and cone): without its two reads in the page it
  // came a round trip and a render after the rest of the overlay, and the page was not complete until it had.
  // A compare deep link: the second side's scenes and plan too (read at the same time), so it joins without two more
  // round trips and its opening tiles start with the first side's.
  const cmp = parseCompareLink(search);
  const cdate = cmp && cmp.date !== date && dates.some((d) => d.date === cmp.date) ? cmp.date : null;
  const [details, minimap, minimapNodes, bDetails, bNodes] = await Promise.all([
    read(`${site$(site)}/survey/details`, { floor, date }) as Promise<SurveyScene[] | undefined>,
    read(`${site$(site)}/minimap/details`, { floor }),
    read(`${site$(site)}/${Math.max(0, floor)}/survey/minimapSingleSite`, { date }),
    cdate
      ? (read(`${site$(site)}/survey/details`, { floor, date: cdate }) as Promise<SurveyScene[] | undefined>)
      : null,
    cdate ? read(`${site$(site)}/${Math.max(0, floor)}/survey/minimapSingleSite`, { date: cdate }) : null,
  ]);
  const scenes = keep(keys.surveyDetails(site, floor, date), details);
  keep(keys.minimap(site, floor), minimap);
  keep(keys.minimapNodes(site, floor, date), minimapNodes);
  if (cdate) {
    keep(keys.surveyDetails(site, floor, cdate), bDetails ?? undefined);
    keep(keys.minimapNodes(site, floor, cdate), bNodes ?? undefined);
  }
  if (!scenes) return out();
  const scene = resolveScene(scenes, link.node ?? null, settings.initial_settings.pano_id);
  if (!scene) return out();
  const first = firstViewOf(scene, scenes, settings, link);
  const bScene = bDetails ? secondScene(scene, cmp?.node, bDetails, planNodes(minimapNodes), planNodes(bNodes)) : null;
  if (bScene) {
    // Where the second side looks: the first side's view turned by the two nodes' rotations.
    const turn = lockedYawOffset(
      { tilesId: scene.survey_node.tiles_id, nodes: planNodes(minimapNodes) },
      { tilesId: bScene.survey_node.tiles_id, nodes: planNodes(bNodes) },
    );
    first.compare = { source: sourceOf(bScene), view: { ...first.view, yaw: first.view.yaw + turn } };
  }
  const parts: PagePart[] = isAdmin ? ['adminMinimap'] : [];
  // The scene's preview is not named: the opening view's tiles cover the whole picture, and the preview, fetched
  // once they are in (src/scene/pageStartup.ts), would only share the link with them.
  return { ...out(), first: avif ? { ...first, avif: true } : first, parts };
}

/** The scene's tiles, the view the viewer opens it at (ViewerPage) and its hotspots, by the rules both share. */
function firstViewOf(
  scene: SurveyScene,
  scenes: readonly SurveyScene[],
  settings: SiteSettings,
  link: ReturnType<typeof parseViewerLink>,
): FirstView {
  const node = scene.survey_node;
  const titles = new Map(scenes.map((s) => [s.survey_node.tiles_id, s.survey_node.title]));
  const formats = new Map(scenes.map((s) => [s.survey_node.tiles_id, s.survey_node.tile_format ?? 'jpg'] as const));
  return {
    source: sourceOf(scene),
    view: openingView(node, settings.initial_settings, link),
    hotspots: pageHotspots(
      sceneHotspots(
        node,
        (id) => titles.get(id),
        (id) => formats.get(id),
      ),
    ),
  };
}

/** A scene's tiles as the first view names them. */
function sourceOf(scene: SurveyScene): FirstView['source'] {
  const node = scene.survey_node;
  return {
    mantaLink: node.manta_link,
    tilesId: node.tiles_id,
    format: node.tile_format,
    levels: node.levels,
    faceSize: node.face_size,
  };
}

/** The minimap's nodes of a date as the plan rules read them (none when the read failed). */
function planNodes(nodes: unknown): Array<RotatedNode & PlanNode> {
  return Array.isArray(nodes) ? (nodes as Array<RotatedNode & PlanNode>) : [];
}

/** The second side's scene as the viewer resolves it (src/compare/useCompareSide.ts): the one the link names when
 *  it is of that date, else the nearest to the first side's by plan position (a hand-made link without `cnode`). */
function secondScene(
  a: SurveyScene,
  named: string | undefined,
  bScenes: readonly SurveyScene[],
  aNodes: readonly PlanNode[],
  bNodes: readonly PlanNode[],
): SurveyScene | null {
  const found = named ? bScenes.find((s) => s.survey_node.tiles_id === named) : undefined;
  if (found) return found;
  const near = bScenes.length ? nearestOnOtherDate(a.survey_node.tiles_id, aNodes, bScenes, bNodes) : null;
  return bScenes.find((s) => s.survey_node.tiles_id === near) ?? null;
}
