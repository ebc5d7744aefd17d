// The site settings page for the site's administrators: every setting of the site grouped (title, what visitors
// see, start view, kiosk, mouse mode, animation), checked by the server's own schema before it is sent, the
// server's refusal shown beside the field it names, a clear saved state, and no silent loss of unsaved changes.
// A superAdmin also sees the install-wide title and background. Loaded only for administrators.
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { SiteSettings } from '../../../contract/api';
import { parseViewerLink } from '../../../contract/viewerLink';
import { usePatchSiteSettings } from '../../api/queries/settings';
import { useMayDo } from '../../domain/useAdmin';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { Modal } from '../../ui/Modal';
import {
  VISITOR_SECTIONS,
  formOf,
  isEmptyPatch,
  patchOf,
  serverErrors,
  startViewOf,
  validatePatch,
  type FieldErrors,
  type FormField,
  type SiteSettingsForm,
} from './siteSettingsForm';
import { StartScenePicker } from './StartScenePicker';
import { OfflineSetting } from './OfflineSetting';
import { InstallSettings } from './InstallSettings';
import { useLeaveWarning } from './useLeaveWarning';
import '../editor.css';

export default function SiteSettingsPage({ site, settings }: { site: string; settings: SiteSettings }) {
  useDocumentTitle('Site settings');
  const saved = useMemo(() => formOf(settings), [settings]);
  const [draft, setDraft] = useState<SiteSettingsForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [savedNow, setSavedNow] = useState(false);
  const patch = usePatchSiteSettings(site);
  const superAdmin = useMayDo('switchMultiSite', null);
  const form = draft ?? saved;
  const changes = patchOf(form, saved);
  const dirty = !isEmptyPatch(changes);
  const leave = useLeaveWarning(dirty);
  // The viewer's place and camera, carried in the link that opened this page from the viewer.
  const here = startViewOf(parseViewerLink(useLocation().search), form);

  const set = (next: Partial<SiteSettingsForm>) => {
    setSavedNow(false);
    setDraft({ ...form, ...next });
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in next) && k !== 'form')));
  };
  const save = () => {
    const found = validatePatch(changes);
    setErrors(found);
    if (Object.keys(found).length) return;
    patch.mutateAsync(changes).then(
      () => {
        setDraft(null);
        setSavedNow(true);
      },
      (e: Error) => setErrors(serverErrors(e.message)),
    );
  };
  const field = (name: FormField, label: string, input: (id: string, described?: string) => ReactNode) => {
    const id = `setting-${name}`;
    const err = errors[name];
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {input(id, err ? `${id}-error` : undefined)}
        {err ? (
          <p id={`${id}-error`} className="form-error" role="alert">
            {err}
          </p>
        ) : null}
      </div>
    );
  };
  const text = (name: 'title' | 'animationTitle' | 'animationUrl', label: string) =>
    field(name, label, (id, d) => (
      <input
        id={id}
        value={form[name]}
        aria-invalid={!!errors[name]}
        aria-describedby={d}
        onChange={(e) => set({ [name]: e.target.value })}
      />
    ));
  const number = (name: 'yawDeg' | 'pitchDeg' | 'fovDeg' | 'idleRotateSeconds' | 'idleResetSeconds', label: string) =>
    field(name, label, (id, d) => (
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step="any"
        value={form[name]}
        aria-invalid={!!errors[name]}
        aria-describedby={d}
        onChange={(e) => set({ [name]: e.target.value })}
      />
    ));

  return (
    <main className="page settings-page">
      <h1>Site settings</h1>
      <form
        className="editor-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <section className="settings-group" aria-labelledby="settings-title">
          <h2 id="settings-title">Title</h2>
          {text('title', 'Site title')}
        </section>
        <fieldset className="settings-group">
          <legend>What visitors see</legend>
          <div className="settings-checks">
            {VISITOR_SECTIONS.map(({ key, label }) => (
              <label key={key} className="check-field">
                <input
                  type="checkbox"
                  checked={form.enable[key]}
                  onChange={(e) => set({ enable: { ...form.enable, [key]: e.target.checked } })}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <section className="settings-group" aria-labelledby="settings-start">
          <h2 id="settings-start">Start view</h2>
          <button
            type="button"
            className="secondary-button"
            disabled={!here}
            onClick={() => here && set(here)}
            title={here ? undefined : 'Open this page from the viewer to take its view'}
          >
            Use the current view as the start view
          </button>
          <StartScenePicker
            site={site}
            value={{ floor: form.floor, date: form.date, panoId: form.panoId }}
            onChange={(v) => set(v)}
            error={errors.floor ?? errors.date ?? errors.panoId}
          />
          <div className="settings-row">
            {number('yawDeg', 'Yaw (degrees)')}
            {number('pitchDeg', 'Pitch (degrees)')}
            {number('fovDeg', 'Field of view (degrees)')}
          </div>
        </section>
        <fieldset className="settings-group">
          <legend>Kiosk</legend>
          <label className="check-field">
            <input
              type="checkbox"
              checked={form.kioskEnabled}
              onChange={(e) => set({ kioskEnabled: e.target.checked })}
            />
            Kiosk mode (no administrator tools, returns to the start when left alone)
          </label>
          <div className="settings-row">
            {number('idleRotateSeconds', 'Idle seconds before rotating')}
            {number('idleResetSeconds', 'Idle seconds before returning to the start')}
          </div>
          {field('idleAction', 'When left alone', (id) => (
            <select
              id={id}
              value={form.idleAction}
              onChange={(e) => set({ idleAction: e.target.value as SiteSettingsForm['idleAction'] })}
            >
              <option value="rotate">Rotate</option>
              <option value="tour">Play the published tour</option>
              <option value="rotateThenTour">Rotate, then play the tour instead of returning to the start</option>
            </select>
          ))}
          <OfflineSetting checked={form.keepOffline} onChange={(keepOffline) => set({ keepOffline })} />
        </fieldset>
        <section className="settings-group" aria-labelledby="settings-mouse">
          <h2 id="settings-mouse">Mouse mode</h2>
          {field('mouseMode', 'Dragging the view', (id) => (
            <select
              id={id}
              value={form.mouseMode}
              onChange={(e) => set({ mouseMode: e.target.value as SiteSettingsForm['mouseMode'] })}
            >
              <option value="drag">Drag: the picture follows the pointer</option>
              <option value="qtvr">QTVR: the view turns while the button is held</option>
            </select>
          ))}
        </section>
        <section className="settings-group" aria-labelledby="settings-animation">
          <h2 id="settings-animation">Animation</h2>
          {text('animationTitle', 'Animation title')}
          {text('animationUrl', 'Animation address')}
        </section>
        {errors.form ? (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="settings-actions">
          <button type="submit" className="primary-button" disabled={!dirty || patch.isPending}>
            Save
          </button>
          <button type="button" className="secondary-button" disabled={!dirty} onClick={() => setDraft(null)}>
            Discard changes
          </button>
          <span role="status" className="settings-saved">
            {dirty ? 'Unsaved changes' : savedNow ? 'Saved' : ''}
          </span>
        </div>
      </form>
      {superAdmin ? <InstallSettings /> : null}
      {leave.pending ? (
        <Modal title="Unsaved changes" onClose={leave.stay}>
          <p>The site settings have changes that are not saved.</p>
          <div className="settings-actions">
            <button type="button" className="primary-button" onClick={leave.stay}>
              Stay on this page
            </button>
            <button type="button" className="secondary-button" onClick={leave.leave}>
              Leave without saving
            </button>
          </div>
        </Modal>
      ) : null}
    </main>
  );
}
