// The data model (tables, keys, blobs): docs/data-model.md.
// Row types of every table. JSON columns are stored as text in both dialects; booleans as 0/1.
import type { ColumnType, Generated } from 'kysely';
import type { TileFormat } from '../../contract/tileUrls.ts';

interface SiteTable {
  id: string;
  name: string;
  created_at: string;
}
interface SettingsTable {
  site: string;
  json: string;
}
interface AppConfigTable {
  key: string;
  json: string;
}
interface FloorTable {
  site: string;
  floor: number;
  floor_name: string;
  floor_tag: string;
}
interface MinimapTable {
  site: string;
  floor: number;
  image: string;
  image_url: string;
  image_large_url: string;
  x_pixel_offset: number;
  y_pixel_offset: number;
  x_scale: number;
  y_scale: number;
  img_width: number;
  img_height: number;
  xy_flipped: number;
  version: number;
}
interface SurveyTable {
  id: string;
  site: string;
  floor: number;
  date: string;
  survey_name: string;
  /** Raised by every edit; an edit names the revision it started from (0018). */
  revision: Generated<number>;
}
interface SurveyNodeTable {
  id: string;
  survey_id: string;
  site: string;
  tiles_id: string;
  tiles_name: string;
  title: string;
  levels: string;
  face_size: number;
  initial_parameters: string;
  link_hotspots: string;
  info_hotspots: string;
  /** 'jpg', or 'avif' once every tile has its AVIF copy (the database fills in 'jpg'). */
  tile_format: ColumnType<TileFormat, TileFormat | undefined, TileFormat>;
  /** Raised by every edit of the scene or its hotspots; an edit names the revision it started from (0018). */
  revision: Generated<number>;
  /** Bytes of its stored tiles and preview (0020); null until measured. PostgreSQL's bigint reads as text. */
  tile_bytes: ColumnType<number | string | null, number | null | undefined, number | null>;
}
interface MinimapNodeTable {
  id: string;
  site: string;
  floor: number;
  survey_node_id: string;
  node_number: number;
  tiles_id: string;
  /** The survey of the node (node_number is unique within it); null only in rows older than migration 0006. */
  survey_id: string | null;
  x: number;
  y: number;
  x_scale: number;
  y_scale: number;
  rotation: number;
  /** 1: drawn on the floor plan; 0: not placed yet (migration 0017), in the node editor's tray only. */
  placed: Generated<number>;
}
interface HotspotDescriptionTable {
  id: string;
  site: string;
  tiles_id: string;
  info_id: string;
  header: string;
  contents: string;
}
export interface PinTable {
  id: string;
  site: string;
  name: string;
  site_name: string;
  x: number;
  y: number;
  icon: string;
  cover_image: string;
  enabled: number;
  external_url: string;
  sitemap: string;
}
interface SitemapTable {
  name: string;
  image_url: string;
}
interface AboutTable {
  site: string;
  info: string;
}
interface DirectoryTable {
  id: string;
  site: string;
  name: string;
  parent: string | null;
}
interface FileTable {
  id: string;
  site: string;
  directory_id: string;
  name: string;
  url: string;
}
interface UserTable {
  id: string;
  username: string;
  password_hash: string;
  roles: string;
  type: string;
}
interface UserSiteTable {
  user_id: string;
  site: string;
}
interface SessionTable {
  id: string;
  user_id: string;
  expires_at: string;
}
/** Failed sign-ins in the current window of one account ('user:<name>'), one client address ('addr:<ip>') or one
 *  account from one address ('pair:<name>|<ip>'): signInThrottle.ts. */
interface LoginAttemptTable {
  key: string;
  failures: number;
  window_start: string;
}
/** A job (jobs/jobRecords.ts): where it stands, whichever queue runs it. */
export interface JobTable {
  id: string;
  kind: string;
  site: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  data: string;
  progress_done: number;
  progress_total: number;
  result: string | null;
  error_status: number | null;
  error_message: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
  /** JSON of the progress item by item (a photo upload's photos), or null (migration 0017). */
  detail: string | null;
}
/** An export uploaded to a survey: its fingerprint and the scenes (tiles ids) it brought there. */
export interface SurveyExportTable {
  survey_id: string;
  fingerprint: string;
  tiles_ids: string;
  created_at: string;
}
/** A media prefix moved into place before its rows commit: the sweep leaves it while its owner lives and it has not expired. */
interface PendingBlobTable {
  prefix: string;
  owner: string | null;
  expires_at: string;
}

/** Who changed what on a site, and when (0018). */
export interface AuditLogTable {
  id: string;
  site: string;
  at: string;
  actor: string | null;
  action: string;
  target: string;
  detail: string;
}

/** A guided tour of a site (0019): `stops` is JSON (contract/tours.ts), `published` 0/1. */
export interface TourTable {
  id: string;
  site: string;
  name: string;
  published: number;
  revision: number;
  stops: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  sites: SiteTable;
  settings: SettingsTable;
  app_config: AppConfigTable;
  floors: FloorTable;
  minimaps: MinimapTable;
  surveys: SurveyTable;
  survey_nodes: SurveyNodeTable;
  minimap_nodes: MinimapNodeTable;
  hotspot_descriptions: HotspotDescriptionTable;
  pins: PinTable;
  sitemaps: SitemapTable;
  abouts: AboutTable;
  directories: DirectoryTable;
  files: FileTable;
  users: UserTable;
  sessions: SessionTable;
  user_sites: UserSiteTable;
  pending_blobs: PendingBlobTable;
  jobs: JobTable;
  login_attempts: LoginAttemptTable;
  survey_exports: SurveyExportTable;
  audit_log: AuditLogTable;
  tours: TourTable;
}
