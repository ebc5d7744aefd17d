// Site settings and the multi-site app config, stored as JSON documents with defaults that make a fresh install usable.
import type { DB } from '../db/database.ts';
import type { AppConfig, SiteSettings } from '../../contract/api.ts';
import { projectTitleOf } from '../../contract/projectTitle.ts';
import { NotFound } from './errors.ts';
import { inTransaction, lockAppConfig, lockSite } from '../db/transactions.ts';
import { recordBy, type AuditBy } from './audit/audit.ts';

export function defaultSiteSettings(site: string, title: string): SiteSettings {
  return {
    site,
    enable: {
      timeline: true,
      floors: true,
      hotspots_nav: true,
      documentation: true,
      about: true,
      animations: false,
      rotation: true,
    },
    num_floors: 0,
    display: { title },
    initial_settings: { date: '', pano_id: '', floor: 0, yaw: 0, pitch: 0, fov: Math.PI / 2, rotation_offset: 0 },
    marzipano_mouse_view_mode: 'drag',
    enableMultiSite: false,
    animation: { title: '', url: '' },
    kiosk: { enabled: false, idleRotateSeconds: 60, idleResetSeconds: 180 },
  };
}

/** A site's settings document as saved; null when there is no such site. */
async function storedSiteSettings(db: DB, site: string): Promise<SiteSettings | null> {
  const row = await db.selectFrom('settings').select('json').where('site', '=', site).executeTakeFirst();
  return row ? (JSON.parse(row.json) as SiteSettings) : null;
}

async function getSiteSettings(db: DB, site: string): Promise<SiteSettings | null> {
  const stored = await storedSiteSettings(db, site);
  return stored && withMultiSite(db, stored);
}

/** enableMultiSite belongs to the app config: a site's settings show the current value. */
async function withMultiSite(db: DB, stored: SiteSettings): Promise<SiteSettings> {
  return { ...stored, enableMultiSite: (await storedAppConfig(db)).enableMultiSite ?? false };
}

export async function requireSiteSettings(db: DB, site: string): Promise<SiteSettings> {
  const s = await getSiteSettings(db, site);
  if (!s) throw new NotFound(`There is no site "${site}".`);
  return s;
}

export async function saveSiteSettings(db: DB, settings: SiteSettings): Promise<void> {
  const json = JSON.stringify(settings);
  await db
    .insertInto('settings')
    .values({ site: settings.site, json })
    .onConflict((oc) => oc.column('site').doUpdateSet({ json }))
    .execute();
}

type SettingsPatch = Partial<Omit<SiteSettings, 'enable' | 'initial_settings' | 'display'>> & {
  enable?: Partial<SiteSettings['enable']>;
  initial_settings?: Partial<SiteSettings['initial_settings']>;
  display?: { title: string };
};

/**
 * Read-modify-write of the settings document, one writer of the site at a time (no lost update). The app config
 * is read after the site's lock is released: the write does not depend on it, and every query under the lock
 * makes the next writer of the site wait longer.
 */
export async function patchSiteSettings(
  db: DB,
  site: string,
  patch: SettingsPatch,
  by?: AuditBy,
): Promise<SiteSettings> {
  const saved = await inTransaction(db, async (trx) => {
    await lockSite(trx, site);
    const next = await applySettingsPatch(trx, site, patch);
    await recordBy(trx, by, { site, action: 'site.settings', target: 'site settings', detail: settingsChanged(patch) });
    return next;
  });
  return withMultiSite(db, saved);
}

/** The fields a patch sets, as the trail names them ("display.title", "kiosk.enabled"). */
function settingsChanged(patch: SettingsPatch): { changed: string[] } {
  const changed: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (isGroup(value)) for (const sub of Object.keys(value)) changed.push(`${key}.${sub}`);
    else changed.push(key);
  }
  return { changed };
}

const isGroup = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A patch's groups (enable, kiosk, offline...) are merged field by field into the saved ones: a client that does not
 * know a field added later (a kiosk's idle action) must not reset it by saving the fields it knows.
 */
function mergeGroups(cur: SiteSettings, patch: SettingsPatch): SiteSettings {
  const next: Record<string, unknown> = { ...cur };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const was = (cur as unknown as Record<string, unknown>)[key];
    next[key] = isGroup(value) && isGroup(was) ? { ...was, ...value } : value;
  }
  return next as unknown as SiteSettings;
}

async function applySettingsPatch(db: DB, site: string, patch: SettingsPatch): Promise<SiteSettings> {
  const cur = await storedSiteSettings(db, site);
  if (!cur) throw new NotFound(`There is no site "${site}".`);
  const next = mergeGroups(cur, patch);
  await saveSiteSettings(db, next);
  if (patch.display?.title)
    await db.updateTable('sites').set({ name: patch.display.title }).where('id', '=', site).execute();
  return next;
}

const APP_KEY = 'app';
/** The app config document as saved (what was never set is missing). */
async function storedAppConfig(db: DB): Promise<Partial<AppConfig>> {
  const row = await db.selectFrom('app_config').select('json').where('key', '=', APP_KEY).executeTakeFirst();
  return row ? (JSON.parse(row.json) as Partial<AppConfig>) : {};
}

export async function getAppConfig(
  db: DB,
  extra?: {
    projectTitle: string;
    useSso: boolean;
    allowExternalImages?: boolean;
    oidcLabel?: string;
    mediaBaseUrl?: string;
  },
  /** Whether the caller may see a site: the default site is the first one it may (a disabled site is named to no one else). */
  shows: (site: string) => boolean = () => true,
): Promise<AppConfig> {
  const stored = await storedAppConfig(db);
  const sites = await db.selectFrom('sites').select(['id', 'name']).orderBy('created_at').execute();
  const firstSite = sites.find((s) => shows(s.id));
  const chosen = stored.defaultSite && shows(stored.defaultSite) ? stored.defaultSite : undefined;
  return {
    enableMultiSite: stored.enableMultiSite ?? false,
    singleSiteSettings: {
      siteTitle: stored.singleSiteSettings?.siteTitle ?? firstSite?.name ?? '',
      backgroundImage: stored.singleSiteSettings?.backgroundImage ?? '',
    },
    defaultSite: chosen ?? firstSite?.id ?? '',
    projectTitle: projectTitleOf(extra?.projectTitle),
    useSso: extra?.useSso ?? false,
    allowExternalImages: extra?.allowExternalImages ?? false,
    oidcLabel: extra?.oidcLabel ?? '',
    mediaBaseUrl: extra?.mediaBaseUrl ?? '',
  };
}

/** Read-modify-write of the app config document, one writer at a time (no lost update). */
export async function patchAppConfig(
  db: DB,
  patch: Partial<Pick<AppConfig, 'enableMultiSite' | 'defaultSite'>> & {
    singleSiteSettings?: Partial<AppConfig['singleSiteSettings']>;
  },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockAppConfig(trx);
    const row = await trx.selectFrom('app_config').select('json').where('key', '=', APP_KEY).executeTakeFirst();
    const cur = row ? JSON.parse(row.json) : {};
    const next = { ...cur, ...patch, singleSiteSettings: { ...cur.singleSiteSettings, ...patch.singleSiteSettings } };
    const json = JSON.stringify(next);
    await trx
      .insertInto('app_config')
      .values({ key: APP_KEY, json })
      .onConflict((oc) => oc.column('key').doUpdateSet({ json }))
      .execute();
  });
}
