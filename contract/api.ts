// The one contract between server and client: zod schemas of every entity and request body.
// The server validates with these and generates its OpenAPI document from them; the client types come from them.
import {
  ANGLE_MAX,
  COORD_MAX,
  ID_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  SECONDS_MAX,
  URL_MAX,
  USERNAME_MAX,
  boundedNumber,
  boundedText,
  dateText,
  editRevision,
  floorNumber,
} from './limits';
import { TILE_FORMATS } from './tileUrls';
import { HOTSPOTS_MAX, INFO_TEXT_MAX, INFO_TITLE_MAX } from './hotspotLimits';
import { roles } from './roles';
import { START_FOV_MAX, START_FOV_MIN } from './startView';
import { z } from 'zod';

export const envelope = <T extends z.ZodTypeAny>(payload: T) =>
  z.object({ success: z.literal(true), payload, message: z.string().optional() });
export const failure = z.object({ success: z.literal(false), message: z.string(), payload: z.null().optional() });
export type Envelope<T> = { success: true; payload: T; message?: string } | { success: false; message: string };

// ---------- view and scenes ----------
export const viewParameters = z.object({ yaw: z.number(), pitch: z.number(), fov: z.number() });
export type ViewParameters = z.infer<typeof viewParameters>;

export const level = z.object({
  tileSize: z.number().int().positive(),
  size: z.number().int().positive(),
  fallbackOnly: z.boolean().optional(),
});
export type Level = z.infer<typeof level>;

/** A link's view on arrival (the data's angles, before the site's rotation offset); absent: the target's own start
 *  view. Marzipano exports never carry one. */
export const landingView = z.object({
  yaw: boundedNumber('view.yaw', Math.PI),
  pitch: boundedNumber('view.pitch', Math.PI / 2),
  fov: boundedNumber('view.fov', START_FOV_MAX, START_FOV_MIN),
});
export const linkHotspot = z.object({
  yaw: z.number(),
  pitch: z.number(),
  rotation: z.number(),
  target: z.string(),
  view: viewParameters.optional(),
});
export const infoHotspot = z.object({ info_id: z.string(), title: z.string(), yaw: z.number(), pitch: z.number() });
export type LinkHotspot = z.infer<typeof linkHotspot>;
export type InfoHotspot = z.infer<typeof infoHotspot>;

export const surveyNode = z.object({
  tiles_id: z.string(),
  tiles_name: z.string(),
  title: z.string(),
  levels: z.array(level),
  face_size: z.number(),
  initial_parameters: viewParameters,
  manta_link: z.string(),
  link_hotspots: z.array(linkHotspot),
  info_hotspots: z.array(infoHotspot),
  /** 'avif' once every tile has its AVIF copy (fetch `.avif` then); 'jpg' or absent: the uploaded JPEGs only. */
  tile_format: z.enum(TILE_FORMATS).optional(),
  /** Raised by every edit of the scene or its hotspots; an edit names the revision it started from. */
  revision: z.number().int().optional(),
});
export type SurveyNode = z.infer<typeof surveyNode>;

export const minimapNode = z.object({
  tiles_id: z.string(),
  floor: z.number(),
  node_number: z.number(),
  survey_node: z.string(),
  site: z.string(),
});
export const surveyScene = z.object({
  id: z.string(),
  date: z.string(),
  survey_name: z.string(),
  floor: z.number(),
  survey_node: surveyNode,
  minimap_node: minimapNode,
});
export type SurveyScene = z.infer<typeof surveyScene>;

export const surveyDateEntry = z.object({ date: z.string(), survey_name: z.string() });
export type SurveyDateEntry = z.infer<typeof surveyDateEntry>;
export const surveySummary = z.object({
  id: z.string(),
  floor: z.number(),
  date: z.string(),
  survey_name: z.string(),
  nodes: z.number(),
});
export type SurveySummary = z.infer<typeof surveySummary>;

// ---------- floors and minimaps ----------
export const floor = z.object({ floor: z.number(), floor_tag: z.string(), floor_name: z.string() });
export type Floor = z.infer<typeof floor>;

export const minimap = z.object({
  image_url: z.string(),
  image_large_url: z.string(),
  image: z.string(),
  floor: z.number(),
  floor_name: z.string(),
  floor_tag: z.string(),
  site: z.string(),
  x_pixel_offset: z.number(),
  y_pixel_offset: z.number(),
  x_scale: z.number(),
  y_scale: z.number(),
  img_width: z.number(),
  img_height: z.number(),
  xy_flipped: z.boolean(),
  __v: z.number(),
});
export type Minimap = z.infer<typeof minimap>;

export const minimapNodeEntry = z.object({
  _id: z.string(),
  x: z.number(),
  y: z.number(),
  x_scale: z.number(),
  y_scale: z.number(),
  rotation: z.number(),
  /** false: the scene came without a position (x = y = 0 mean nothing); it waits in the node editor's tray and is
   *  not drawn on the plan. Setting its position places it. */
  placed: z.boolean(),
  /** The scene's revision (its place and north are part of it): a node edit names the one it started from. */
  revision: z.number().int(),
  minimap_node: minimapNode.extend({ tiles_name: z.string(), title: z.string() }),
});
export type MinimapNodeEntry = z.infer<typeof minimapNodeEntry>;

export const nodeCoordsBody = z.object({
  x: boundedNumber('x', COORD_MAX),
  y: boundedNumber('y', COORD_MAX),
  revision: editRevision,
});
export const nodeRotationBody = z.object({ rotation: boundedNumber('rotation', 100_000), revision: editRevision });
/** The refusal of a node edit that started from an old revision: the node as stored now. */
export const staleNode = failure.extend({ current: minimapNodeEntry.optional() });
export const floorDetailsBody = z.object({
  floor: floorNumber(),
  floor_name: z.string().max(200),
  floor_tag: z.string().max(50),
});

export const existence = z.object({ sitePopulated: z.boolean().optional(), floorPopulated: z.boolean().optional() });
export const emptyFloors = z.object({ emptyFloors: z.array(z.number()) });

// ---------- hotspot descriptions ----------
/** A field of an info hotspot of its own (data.js `{ yaw, pitch, lote: 12 }`): plain text, never HTML. */
export const infoField = z.object({ label: z.string(), value: z.string() });
export type InfoField = z.infer<typeof infoField>;
export const hotspotDescription = z.object({
  tiles_id: z.string(),
  info_id: z.string(),
  header: z.object({ main_img_url: z.string(), label_title: z.string() }),
  contents: z.array(z.object({ title: z.string(), content: z.string() })),
  /** The hotspot's own fields, in data.js order, shown as a labelled list; empty for most hotspots. */
  fields: z.array(infoField),
});
export type HotspotDescription = z.infer<typeof hotspotDescription>;

// ---------- hotspot editing ----------
const yaw = () => boundedNumber('yaw', ANGLE_MAX);
const pitch = () => boundedNumber('pitch', Math.PI / 2);
export const editedLinkHotspot = z.object({
  yaw: yaw(),
  pitch: pitch(),
  rotation: boundedNumber('rotation', ANGLE_MAX),
  target: boundedText('target', ID_MAX).min(1, 'target (the scene the link leads to) is required'),
  view: landingView.optional(),
});
/** An info hotspot as the editor sends it: `info_id` of one that exists, none for a new one. */
export const editedInfoHotspot = z.object({
  info_id: boundedText('info_id', ID_MAX).optional(),
  yaw: yaw(),
  pitch: pitch(),
  title: boundedText('title', INFO_TITLE_MAX),
  /** HTML, sanitised by the server through the HTML policy. */
  text: boundedText('text', INFO_TEXT_MAX),
  /** Its picture: '' none, the one it has, or one uploaded for info hotspots (`…/hotspot-picture`); absent: kept. */
  image: boundedText('image', URL_MAX).optional(),
});
export type EditedInfoHotspot = z.infer<typeof editedInfoHotspot>;
/** The whole new hotspot set of one scene and the revision the editor started from. */
export const sceneHotspotsBody = z.object({
  revision: editRevision,
  link_hotspots: z.array(editedLinkHotspot).max(HOTSPOTS_MAX, `at most ${HOTSPOTS_MAX} link hotspots per scene`),
  info_hotspots: z.array(editedInfoHotspot).max(HOTSPOTS_MAX, `at most ${HOTSPOTS_MAX} info hotspots per scene`),
});
export type SceneHotspotsBody = z.infer<typeof sceneHotspotsBody>;
/** A scene's hotspots as stored now, with the text each info hotspot shows (its sections joined). */
export const sceneHotspots = z.object({
  tiles_id: z.string(),
  revision: z.number().int(),
  link_hotspots: z.array(linkHotspot),
  info_hotspots: z.array(editedInfoHotspot.extend({ info_id: z.string(), image: z.string() })),
});
export type SceneHotspots = z.infer<typeof sceneHotspots>;
/** The refusal of a save that started from an old revision: the current state, to offer reloading it. */
export const staleHotspots = failure.extend({ current: sceneHotspots.optional() });

// ---------- settings ----------
/** What a kiosk does when left alone: turn slowly, play the site's first published tour in a loop, or turn first
 *  and play the tour when it would have gone back to the start (absent: rotate). */
export const kioskIdleAction = z.enum(['rotate', 'tour', 'rotateThenTour']);
export type KioskIdleAction = z.infer<typeof kioskIdleAction>;
export const siteSettings = z.object({
  site: z.string(),
  enable: z.object({
    timeline: z.boolean(),
    floors: z.boolean(),
    hotspots_nav: z.boolean(),
    documentation: z.boolean(),
    about: z.boolean(),
    animations: z.boolean(),
    rotation: z.boolean(),
  }),
  num_floors: z.number().int(),
  display: z.object({ title: z.string() }),
  initial_settings: z.object({
    date: z.string(),
    pano_id: z.string(),
    floor: z.number().int(),
    yaw: z.number(),
    pitch: z.number(),
    fov: z.number(),
    rotation_offset: z.number(),
  }),
  marzipano_mouse_view_mode: z.enum(['drag', 'qtvr']),
  enableMultiSite: z.boolean(),
  animation: z.object({ title: z.string(), url: z.string() }),
  kiosk: z
    .object({
      enabled: z.boolean(),
      idleRotateSeconds: z.number(),
      idleResetSeconds: z.number(),
      idleAction: kioskIdleAction.optional(),
    })
    .optional(),
  /** Kiosks of the site keep every survey in the browser and keep working without a network (docs/offline.md). */
  offline: z.object({ enabled: z.boolean() }).optional(),
});
export type SiteSettings = z.infer<typeof siteSettings>;
export const siteSettingsPatch = z
  .object({
    display: z.object({ title: z.string().trim().min(1, 'Error! You need a site name!').max(200) }).optional(),
    enable: siteSettings.shape.enable.partial().optional(),
    initial_settings: z
      .object({
        date: z.union([z.literal(''), dateText()]),
        pano_id: boundedText('pano_id', ID_MAX),
        floor: floorNumber(),
        yaw: boundedNumber('yaw', ANGLE_MAX),
        pitch: boundedNumber('pitch', ANGLE_MAX),
        fov: boundedNumber('fov', Math.PI, 0),
        rotation_offset: boundedNumber('rotation_offset', 100_000),
      })
      .partial()
      .optional(),
    marzipano_mouse_view_mode: siteSettings.shape.marzipano_mouse_view_mode.optional(),
    animation: z
      .object({ title: boundedText('animation title', NAME_MAX), url: boundedText('animation url', URL_MAX) })
      .optional(),
    kiosk: z
      .object({
        enabled: z.boolean(),
        idleRotateSeconds: boundedNumber('idleRotateSeconds', SECONDS_MAX, 0),
        idleResetSeconds: boundedNumber('idleResetSeconds', SECONDS_MAX, 0),
        idleAction: kioskIdleAction.optional(),
      })
      .optional(),
    offline: z.object({ enabled: z.boolean() }).strict().optional(),
  })
  .strict();

// ---------- offline ----------
/** Bytes of one stored copy of a scene's tiles: its preview, and each level summed (index z). */
export const tileCopyBytes = z.object({ preview: z.number(), levels: z.array(z.number()) });
export type TileCopyBytes = z.infer<typeof tileCopyBytes>;
/** What a site's files weigh, for a kiosk to choose what it keeps (docs/offline.md). */
export const offlineSizes = z.object({
  scenes: z.array(z.object({ tiles_id: z.string(), jpg: tileCopyBytes, avif: tileCopyBytes.optional() })),
  /** Floor plans. */
  files: z.array(z.object({ url: z.string(), bytes: z.number() })),
});
export type OfflineSizes = z.infer<typeof offlineSizes>;

export const appConfig = z.object({
  enableMultiSite: z.boolean(),
  singleSiteSettings: z.object({ siteTitle: z.string(), backgroundImage: z.string() }),
  defaultSite: z.string(),
  projectTitle: z.string(),
  useSso: z.boolean(),
  /** Whether info panels and the about page show pictures from other sites (ALLOW_EXTERNAL_IMAGES). */
  allowExternalImages: z.boolean().default(false),
  /** The single sign-on button's label; empty when OIDC sign-in is not configured. */
  oidcLabel: z.string().default(''),
  /** Where pictures of our own blob store are read besides /media/ (S3_PUBLIC_URL); empty with the local folder. */
  mediaBaseUrl: z.string().default(''),
});
export type AppConfig = z.infer<typeof appConfig>;
export const appConfigPatch = z
  .object({
    enableMultiSite: z.boolean().optional(),
    singleSiteSettings: z
      .object({
        siteTitle: boundedText('siteTitle', NAME_MAX),
        backgroundImage: boundedText('backgroundImage', URL_MAX),
      })
      .partial()
      .optional(),
    defaultSite: boundedText('defaultSite', ID_MAX).optional(),
  })
  .strict();

/** `disabled`: every pin of the site is hidden; only its administrators see it (and see it so marked). */
export const siteSummary = z.object({ id: z.string(), name: z.string(), disabled: z.literal(true).optional() });
export type SiteSummary = z.infer<typeof siteSummary>;

// ---------- pins and site maps ----------
const percent = z.number().finite().min(0).max(100);
export const pin = z.object({
  _id: z.string(),
  site: z.string(),
  name: z.string(),
  x: percent,
  y: percent,
  icon: z.string(),
  cover_image: z.string(),
  enabled: z.boolean(),
  external_url: z.string().optional(),
  sitemap: z.string(),
  site_name: z.string(),
});
export type Pin = z.infer<typeof pin>;
export const pinIcons = ['learn', 'shop', 'farm', 'pig', 'animal', 'truck', 'plus'] as const;
const externalUrl = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, message: 'A Valid URL' }).max(URL_MAX, 'A Valid URL'),
]);
export const pinCreateBody = z.object({
  enabled: z.boolean().default(false),
  x: percent,
  y: percent,
  cover_image: boundedText('cover_image', URL_MAX).default(''),
  icon: z.enum(pinIcons),
  name: z.string().trim().min(1, 'A name').max(NAME_MAX, `A name of at most ${NAME_MAX} characters`),
  site_name: boundedText('site_name', NAME_MAX).default(''),
  external_url: externalUrl.optional(),
  sitemap: z.string().min(1).max(NAME_MAX).default('default'),
  site: boundedText('site', 100).optional(),
});
export const pinPatchBody = pinCreateBody
  .partial()
  .extend({ _id: boundedText('_id', ID_MAX).optional(), site: boundedText('site', 100).optional() });
export const pinCoordsBody = z.object({ x: z.number().gt(0).lt(100), y: z.number().gt(0).lt(100) });
export const sitemap = z.object({ name: z.string(), image_url: z.string() });
export type Sitemap = z.infer<typeof sitemap>;
export const sitemapCreateBody = z.object({
  name: z.string().trim().min(1, 'A map name').max(NAME_MAX, `A map name of at most ${NAME_MAX} characters`),
  image_url: z.string().min(1, 'An image').max(URL_MAX, 'An image address of at most 2000 characters'),
});

// ---------- documentation, about, users ----------
export const documentDirectory = z.object({
  _id: z.string(),
  name: z.string(),
  parent: z.string().nullable(),
  subdirectories: z.array(z.string()),
  files: z.array(z.string()),
});
export type DocumentDirectory = z.infer<typeof documentDirectory>;
export const documentFile = z.object({ _id: z.string(), name: z.string(), url: z.string(), directory: z.string() });
export type DocumentFile = z.infer<typeof documentFile>;
/**
 * GET /api/site/{site}/documents: one page of a folder's listing (its folders, then its files, each by name), or of a
 * search (the folder's subfolders and the site's files whose names hold every word). `next` asks for the page after.
 */
export const documentListing = z.object({
  folder: z.object({ _id: z.string(), name: z.string(), parent: z.string().nullable() }),
  folders: z.array(z.object({ _id: z.string(), name: z.string(), items: z.number() })),
  files: z.array(documentFile),
  next: z.string().nullable(),
});
export type DocumentListing = z.infer<typeof documentListing>;
export const aboutInfo = z.object({ info: z.string() });
export const aboutBody = z.object({ info: z.string().max(200_000) });

export { roles, type Role } from './roles';
/** isAdmin: administers at least one site; `sites`: the sites a projectAdmin administers (a superAdmin administers all). */
export const userInfo = z.object({
  username: z.string().nullable(),
  role: z.array(z.enum(roles)),
  isAdmin: z.boolean(),
  sites: z.array(z.string()).default([]),
});
export type UserInfo = z.infer<typeof userInfo>;
export const userType = z.object({ type: z.string() });
/** An account as the admin page lists it. */
export const userEntry = z.object({
  id: z.string(),
  username: z.string(),
  roles: z.array(z.enum(roles)),
  sites: z.array(z.string()),
});
export type UserEntry = z.infer<typeof userEntry>;
const userSites = z.array(boundedText('site', 100)).max(500, 'An account may be given at most 500 sites.');
export const userCreateBody = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, 'A user name')
      .max(USERNAME_MAX, `A user name of at most ${USERNAME_MAX} characters`),
    password: z
      .string()
      .min(8, 'The password must have at least 8 characters.')
      .max(PASSWORD_MAX, `The password may have at most ${PASSWORD_MAX} characters.`),
    roles: z.array(z.enum(roles)).min(1, 'A role').max(3),
    sites: userSites.default([]),
  })
  .strict();
export const userChangeBody = z
  .object({
    roles: z.array(z.enum(roles)).min(1, 'A role').max(3).optional(),
    sites: userSites.optional(),
    password: userCreateBody.shape.password.optional(),
  })
  .strict();
export const loginBody = z.object({
  username: z.string().min(1).max(USERNAME_MAX, 'Wrong user name or password.'),
  password: z.string().min(1).max(PASSWORD_MAX, 'Wrong user name or password.'),
});

// ---------- upload ----------
/** floor, date, node: where the upload's first scene went (the CSV decides the floor); replaced: scenes of an
 *  earlier upload of the same export that it replaced. */
export const uploadResult = z.object({
  site: z.string(),
  floor: z.number(),
  date: z.string(),
  node: z.string(),
  scenes: z.number(),
  surveys: z.array(z.string()),
  replaced: z.number(),
  /** A survey replaced whole: links from other surveys into its scenes that had no successor of the same name. */
  links_removed: z.array(z.string()).optional(),
});
export const urlResult = z.object({ url: z.string() });
/** 202 of an upload imported as a job (big uploads): follow it at GET /api/site/{site}/jobs/{job}. */
export const jobAccepted = z.object({ job: z.string() });
/** One photo of a photo upload as its job tiles it (GET /api/site/{site}/jobs/{job}, `photos`). */
export const photoProgress = z.object({
  /** The photo's file name as uploaded. */
  name: z.string(),
  state: z.enum(['queued', 'tiling', 'done', 'failed']),
  /** Tiles of this photo written so far, of all of them (0 of 0 before its header is read). */
  done: z.number(),
  total: z.number(),
  /** Why this photo was refused (state failed), naming it. */
  error: z.string().optional(),
});
export type PhotoProgress = z.infer<typeof photoProgress>;
export const jobStatus = z.object({
  id: z.string(),
  kind: z.string(),
  site: z.string(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  /** Tiles staged so far of all of them (0 of 0 before the import has counted them). */
  progress: z.object({ done: z.number(), total: z.number() }),
  /** What the upload answers when imported at once (state done). */
  result: uploadResult.optional(),
  /** Why it failed (state failed): the status the upload would have answered, and the sentence. */
  error: z.object({ status: z.number(), message: z.string() }).optional(),
  /** A photo upload: each photo's own progress, in upload order. */
  photos: z.array(photoProgress).optional(),
});
export type JobStatus = z.infer<typeof jobStatus>;

// ---------- additions for the resource routes (minimap, nodes, pins, site maps, documentation) ----------
/** PATCH /api/map-pins/{id}: only the fields sent change (pinPatchBody would fill in its defaults). */
export const pinUpdateBody = z
  .object({
    _id: boundedText('_id', ID_MAX),
    site: z.string().max(100),
    enabled: z.boolean(),
    x: percent,
    y: percent,
    cover_image: z.string().max(2000),
    icon: z.enum(pinIcons),
    name: z.string().trim().min(1, 'A name').max(200),
    site_name: z.string().max(200),
    external_url: externalUrl,
    sitemap: z.string().max(200),
  })
  .partial();
/** POST /api/documentation/{site}: the root folder after the merge, and how many folders and files the archive added or replaced. */
export const documentUploadResult = z.object({ root: documentDirectory, directories: z.number(), files: z.number() });
