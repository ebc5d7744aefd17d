// The install-wide single-site title and background (the app config): a superAdmin's, saved on its own.
import { useState, type FormEvent } from 'react';
import { appConfigPatch } from './schemas';
import { useAppConfig, usePatchAppConfig } from '../../api/queries/settings';

export function InstallSettings() {
  const config = useAppConfig().data;
  const patch = usePatchAppConfig();
  const saved = config?.singleSiteSettings;
  const [draft, setDraft] = useState<{ siteTitle: string; backgroundImage: string } | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  if (!saved) return null;
  const form = draft ?? saved;
  const edit = (k: 'siteTitle' | 'backgroundImage', v: string) => {
    setDone(false);
    setDraft({ ...form, [k]: v });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { singleSiteSettings: form };
    const check = appConfigPatch.safeParse(body);
    if (!check.success) return setError(check.error.issues[0]?.message ?? 'Invalid value.');
    setError('');
    patch.mutateAsync(body).then(
      () => {
        setDraft(null);
        setDone(true);
      },
      (e: Error) => setError(e.message),
    );
  };
  return (
    <form className="editor-form settings-group" onSubmit={submit} noValidate aria-labelledby="install-settings">
      <h2 id="install-settings">Whole install</h2>
      <label className="field">
        <span>Single-site title</span>
        <input value={form.siteTitle} onChange={(e) => edit('siteTitle', e.target.value)} maxLength={200} />
      </label>
      <label className="field">
        <span>Background image address</span>
        <input value={form.backgroundImage} onChange={(e) => edit('backgroundImage', e.target.value)} />
      </label>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <div className="settings-actions">
        <button type="submit" className="secondary-button" disabled={!draft || patch.isPending}>
          Save install settings
        </button>
        {done ? (
          <span role="status" className="settings-saved">
            Saved
          </span>
        ) : null}
      </div>
    </form>
  );
}
