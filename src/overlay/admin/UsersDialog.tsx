// A superAdmin's accounts page (a dialog from the sidebar): every account with its role and sites; add, change
// role, sites or password, remove. The server decides and refuses what is not allowed; its sentences are shown.
import { useState, type FormEvent } from 'react';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { useRemoveUser, useSaveUser, useUsers } from '../../api/queries/users';
import { useSites } from '../../api/queries/settings';
import type { UserEntry } from '../../../contract/api';
import { roles, type Role } from '../../../contract/roles';
import { GuardedButton } from '../../ui/GuardedButton';
import { askConfirm } from '../../ui/notices/notices';
import { removeBlock, saveBlock } from './accountRules';

interface Draft {
  id?: string;
  username: string;
  password: string;
  role: Role;
  sites: string[];
}
const blank: Draft = { username: '', password: '', role: 'projectAdmin', sites: [] };

export default function UsersDialog({ onClose }: { onClose: () => void }) {
  const users = useUsers(true);
  const sites = useSites();
  const save = useSaveUser();
  const remove = useRemoveUser();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState('');

  const edit = (u: UserEntry) => {
    setError('');
    setDraft({ id: u.id, username: u.username, password: '', role: u.roles[0] ?? 'guest', sites: u.sites });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft) return;
    save.mutate(
      {
        id: draft.id,
        username: draft.username,
        password: draft.password || undefined,
        roles: [draft.role],
        sites: draft.role === 'projectAdmin' ? draft.sites : [],
      },
      { onSuccess: () => setDraft(null), onError: (err) => setError(err.message) },
    );
  };
  const drop = async (u: UserEntry) => {
    const yes = await askConfirm({
      title: 'Remove account',
      message: `Remove the account ${u.username}? Its sessions end at once.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (yes) remove.mutate(u.id, { onError: (err) => setError(err.message) });
  };

  return (
    <Modal title="Users" onClose={onClose} className="users-dialog">
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      {users.isPending ? (
        <Spinner label="Loading users" />
      ) : users.isError ? (
        <p role="alert">{users.error.message}</p>
      ) : (
        <div className="cards-box">
          <table className="users-table cards-table">
            <thead>
              <tr>
                <th scope="col">User</th>
                <th scope="col">Role</th>
                <th scope="col">Sites</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((u) => (
                <tr key={u.id}>
                  <td data-label="User">{u.username}</td>
                  <td data-label="Role">{u.roles.join(', ')}</td>
                  <td data-label="Sites">{u.roles.includes('superAdmin') ? 'all' : u.sites.join(', ') || '-'}</td>
                  <td>
                    <div className="users-actions">
                      <button
                        type="button"
                        className="secondary-button"
                        onClick={() => edit(u)}
                        aria-label={`Edit ${u.username}`}
                      >
                        Edit
                      </button>
                      <GuardedButton
                        className="secondary-button"
                        blocked={removeBlock(users.data, u)}
                        onClick={() => void drop(u)}
                        aria-label={`Remove ${u.username}`}
                      >
                        Remove
                      </GuardedButton>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {draft ? (
        <form
          className="editor-form users-form"
          onSubmit={submit}
          aria-label={draft.id ? `Edit ${draft.username}` : 'New user'}
        >
          <h3>{draft.id ? `Edit ${draft.username}` : 'New user'}</h3>
          {draft.id ? null : (
            <label className="field">
              <span>User name</span>
              <input
                value={draft.username}
                maxLength={64}
                required
                autoComplete="off"
                onChange={(e) => setDraft({ ...draft, username: e.target.value })}
              />
            </label>
          )}
          <label className="field">
            <span>{draft.id ? 'New password (leave empty to keep it)' : 'Password (at least 8 characters)'}</span>
            <input
              type="password"
              value={draft.password}
              maxLength={200}
              autoComplete="new-password"
              required={!draft.id}
              minLength={8}
              onChange={(e) => setDraft({ ...draft, password: e.target.value })}
            />
          </label>
          <label className="field">
            <span>Role</span>
            <select value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value as Role })}>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
          {draft.role === 'projectAdmin' ? (
            <fieldset className="field users-sites">
              <legend>Sites it administers</legend>
              {(sites.data ?? []).map((s) => (
                <label key={s.id} className="check-field">
                  <input
                    type="checkbox"
                    checked={draft.sites.includes(s.id)}
                    onChange={(e) =>
                      setDraft({
                        ...draft,
                        sites: e.target.checked ? [...draft.sites, s.id] : draft.sites.filter((x) => x !== s.id),
                      })
                    }
                  />
                  {s.name}
                  {s.disabled ? ' (Site Disabled)' : ''}
                </label>
              ))}
            </fieldset>
          ) : null}
          <div className="users-buttons">
            <GuardedButton
              type="submit"
              className="primary-button"
              blocked={
                save.isPending
                  ? 'Saving…'
                  : saveBlock(
                      draft,
                      users.data?.find((u) => u.id === draft.id),
                    )
              }
            >
              Save
            </GuardedButton>
            <button type="button" className="secondary-button" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="primary-button"
          onClick={() => {
            setError('');
            setDraft({ ...blank });
          }}
        >
          Add user
        </button>
      )}
    </Modal>
  );
}
