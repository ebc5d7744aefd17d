// The site settings page's form, as pure rules: the form's values from the saved settings, the patch that saves
// only what changed, its check by the very schema the server applies (contract/api), and the server's refusal
// spread onto the fields it names. Angles are degrees on the page (what people read), radians in the API.
import type { KioskIdleAction, SiteSettings } from '../../../contract/api';
import { siteSettingsPatch } from './schemas';
import type { SiteSettingsPatch } from '../../api/queries/settings';
import type { ViewerLink } from '../../../contract/viewerLink';

export type VisitorSection = keyof SiteSettings['enable'];
export const VISITOR_SECTIONS: readonly { key: VisitorSection; label: string }[] = [
  { key: 'timeline', label: 'Timeline' },
  { key: 'floors', label: 'Floors' },
  { key: 'hotspots_nav', label: 'Hotspot navigation' },
  { key: 'documentation', label: 'Documentation' },
  { key: 'about', label: 'About' },
  { key: 'animations', label: 'Animations' },
  { key: 'rotation', label: 'Rotation' },
];

/** Numbers are kept as typed (text) so that a half-typed value is not rewritten under the cursor. */
export interface SiteSettingsForm {
  title: string;
  enable: SiteSettings['enable'];
  floor: number;
  date: string;
  panoId: string;
  yawDeg: string;
  pitchDeg: string;
  fovDeg: string;
  mouseMode: SiteSettings['marzipano_mouse_view_mode'];
  animationTitle: string;
  animationUrl: string;
  kioskEnabled: boolean;
  idleRotateSeconds: string;
  idleAction: KioskIdleAction;
  idleResetSeconds: string;
  keepOffline: boolean;
}
export type FormField = Exclude<keyof SiteSettingsForm, 'enable'>;
export type FieldErrors = Partial<Record<FormField | 'form', string>>;

const DEFAULT_KIOSK: NonNullable<SiteSettings['kiosk']> = {
  enabled: false,
  idleRotateSeconds: 60,
  idleResetSeconds: 180,
};
const toDeg = (rad: number) => String(Math.round(((rad * 180) / Math.PI) * 100) / 100);
const toRad = (deg: string) => (deg.trim() === '' ? Number.NaN : (Number(deg) * Math.PI) / 180);
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function formOf(s: SiteSettings): SiteSettingsForm {
  const i = s.initial_settings;
  const k = s.kiosk ?? DEFAULT_KIOSK;
  return {
    title: s.display.title,
    enable: { ...s.enable },
    floor: i.floor,
    date: i.date,
    panoId: i.pano_id,
    yawDeg: toDeg(i.yaw),
    pitchDeg: toDeg(i.pitch),
    fovDeg: toDeg(i.fov),
    mouseMode: s.marzipano_mouse_view_mode,
    animationTitle: s.animation.title,
    animationUrl: s.animation.url,
    kioskEnabled: k.enabled,
    idleRotateSeconds: String(k.idleRotateSeconds),
    idleAction: k.idleAction ?? 'rotate',
    idleResetSeconds: String(k.idleResetSeconds),
    keepOffline: s.offline?.enabled ?? false,
  };
}

/** The patch of every group in which `form` differs from `base` (the form of the saved settings). */
export function patchOf(form: SiteSettingsForm, base: SiteSettingsForm): SiteSettingsPatch {
  const patch: SiteSettingsPatch = {};
  const changed = (...fields: FormField[]) => fields.some((f) => form[f] !== base[f]);
  if (changed('title')) patch.display = { title: form.title };
  const enable = VISITOR_SECTIONS.filter(({ key }) => form.enable[key] !== base.enable[key]);
  if (enable.length) patch.enable = Object.fromEntries(enable.map(({ key }) => [key, form.enable[key]]));
  if (changed('floor', 'date', 'panoId', 'yawDeg', 'pitchDeg', 'fovDeg'))
    patch.initial_settings = {
      floor: form.floor,
      date: form.date,
      pano_id: form.panoId,
      yaw: toRad(form.yawDeg),
      pitch: toRad(form.pitchDeg),
      fov: toRad(form.fovDeg),
    };
  if (changed('mouseMode')) patch.marzipano_mouse_view_mode = form.mouseMode;
  if (changed('animationTitle', 'animationUrl'))
    patch.animation = { title: form.animationTitle, url: form.animationUrl };
  if (changed('kioskEnabled', 'idleRotateSeconds', 'idleResetSeconds', 'idleAction'))
    patch.kiosk = {
      enabled: form.kioskEnabled,
      idleRotateSeconds: num(form.idleRotateSeconds),
      idleResetSeconds: num(form.idleResetSeconds),
      idleAction: form.idleAction,
    };
  if (changed('keepOffline')) patch.offline = { enabled: form.keepOffline };
  return patch;
}

export const isEmptyPatch = (p: SiteSettingsPatch) => Object.keys(p).length === 0;

/** The form field an API path names ("initial_settings.yaw", "kiosk/idleRotateSeconds"). */
const FIELD_OF_PATH: Record<string, FormField> = {
  'display.title': 'title',
  'initial_settings.floor': 'floor',
  'initial_settings.date': 'date',
  'initial_settings.pano_id': 'panoId',
  'initial_settings.yaw': 'yawDeg',
  'initial_settings.pitch': 'pitchDeg',
  'initial_settings.fov': 'fovDeg',
  marzipano_mouse_view_mode: 'mouseMode',
  'animation.title': 'animationTitle',
  'animation.url': 'animationUrl',
  'kiosk.enabled': 'kioskEnabled',
  'kiosk.idleRotateSeconds': 'idleRotateSeconds',
  'kiosk.idleAction': 'idleAction',
  'kiosk.idleResetSeconds': 'idleResetSeconds',
  'offline.enabled': 'keepOffline',
};
const fieldOfPath = (path: string): FormField | undefined => FIELD_OF_PATH[path.replace(/\//g, '.')];

/** Angles are checked in radians; the page shows degrees, so their messages are told in degrees. */
const DEGREE_FIELDS = new Set<FormField | 'form'>(['yawDeg', 'pitchDeg', 'fovDeg']);
const degreeMessage = (field: FormField | 'form', message: string) =>
  DEGREE_FIELDS.has(field) ? message.replace(/-?\d+(\.\d+)?/g, (n) => toDeg(Number(n))) + ' (degrees)' : message;

/** The server's own check of the patch, run here first: its messages, by field. */
export function validatePatch(patch: SiteSettingsPatch): FieldErrors {
  const r = siteSettingsPatch.safeParse(patch);
  if (r.success) return {};
  const out: FieldErrors = {};
  for (const issue of r.error.issues) {
    const field = fieldOfPath(issue.path.join('.')) ?? 'form';
    out[field] ??= degreeMessage(field, issue.message);
  }
  return out;
}

/** The server's refusal ("Invalid request. kiosk.idleRotateSeconds: …; …"), by the fields it names; the rest of
 *  it, or a refusal naming no field, goes to the form as a whole. */
export function serverErrors(message: string): FieldErrors {
  const out: FieldErrors = {};
  const rest: string[] = [];
  for (const part of message.replace(/^Invalid request\.\s*/, '').split('; ')) {
    const m = /^([\w./]+): (.*)$/s.exec(part);
    const field = m ? fieldOfPath(m[1]!) : undefined;
    if (field && m) out[field] ??= m[2]!;
    else rest.push(part);
  }
  if (rest.length) out.form = rest.join('; ');
  return out;
}

/** The viewer's place and camera (its URL) as the form's start view; null when the link names no scene. */
export function startViewOf(link: ViewerLink, form: SiteSettingsForm): SiteSettingsForm | null {
  if (!link.node || link.floor === undefined) return null;
  const v = link.view ?? {};
  return {
    ...form,
    floor: link.floor,
    date: link.date ?? '',
    panoId: link.node,
    yawDeg: v.yaw === undefined ? form.yawDeg : toDeg(v.yaw),
    pitchDeg: v.pitch === undefined ? form.pitchDeg : toDeg(v.pitch),
    fovDeg: v.fov === undefined ? form.fovDeg : toDeg(v.fov),
  };
}
