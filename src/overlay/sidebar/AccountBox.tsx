// The sidebar's account part when single sign-on is on: "Sign in" (a password form in a dialog) or the signed-in
// name with "Sign out"; a superAdmin also gets "Users". Hidden on a trusted install (no sign-on) and in kiosks.
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Modal } from '../../ui/Modal';
import { GroupIcon, SignInIcon, SignOutIcon } from '../../ui/icons';
import { useLogin, useLogout, useUserInfo } from '../../api/queries/users';
import { useAppConfig } from '../../api/queries/settings';
import { send } from '../../api/client';
import { useMayDo } from '../../domain/useAdmin';

const UsersDialog = lazy(() => import('../admin/UsersDialog'));

export function AccountBox({ collapsed }: { collapsed: boolean }) {
  const user = useUserInfo().data;
  const mayManageUsers = useMayDo('manageUsers', null);
  const login = useLogin();
  const logout = useLogout();
  const [signingIn, setSigningIn] = useState(false);
  const [managing, setManaging] = useState(false);
  const [form, setForm] = useState({ username: '', password: '' });
  const oidcLabel = useAppConfig().data?.oidcLabel ?? '';
  const [ssoError, setSsoError] = useState('');
  // Single sign-on leaves for the provider; the server keeps the flow's secrets in an http-only cookie.
  const startSso = () => {
    setSsoError('');
    send<{ url: string }>('POST', '/api/auth/oidc/start', { returnTo: location.pathname + location.search }).then(
      ({ url }) => location.assign(url),
      (e: Error) => setSsoError(e.message),
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate(form, {
      onSuccess: () => {
        setSigningIn(false);
        setForm({ username: '', password: '' });
      },
    });
  };
  const entry = (label: string, icon: ReactNode, onClick: () => void, extra = '') => (
    <button type="button" className={`nav-entry ${extra}`} onClick={onClick} title={collapsed ? label : undefined}>
      <span className="nav-icon">{icon}</span>
      <span className="nav-text">{label}</span>
    </button>
  );

  return (
    <div className="account-box">
      {user?.username ? (
        <>
          <p className="nav-text account-name">
            Signed in as <strong>{user.username}</strong>
          </p>
          {mayManageUsers ? entry('Users', <GroupIcon />, () => setManaging(true), 'admin-action') : null}
          {entry('Sign out', <SignOutIcon />, () => logout.mutate())}
        </>
      ) : (
        entry('Sign in', <SignInIcon />, () => {
          login.reset();
          setSigningIn(true);
        })
      )}
      {signingIn ? (
        <Modal title="Sign in" onClose={() => setSigningIn(false)}>
          {oidcLabel ? (
            <>
              <button type="button" className="primary-button" onClick={startSso}>
                {oidcLabel}
              </button>
              {ssoError ? (
                <p role="alert" className="form-error">
                  {ssoError}
                </p>
              ) : null}
              <p className="muted">or with a local account:</p>
            </>
          ) : null}
          <form className="editor-form" onSubmit={submit}>
            <label className="field">
              <span>User name</span>
              <input
                value={form.username}
                autoComplete="username"
                required
                maxLength={64}
                onChange={(e) => setForm({ ...form, username: e.target.value })}
              />
            </label>
            <label className="field">
              <span>Password</span>
              <input
                type="password"
                value={form.password}
                autoComplete="current-password"
                required
                maxLength={200}
                onChange={(e) => setForm({ ...form, password: e.target.value })}
              />
            </label>
            {login.isError ? (
              <p role="alert" className="form-error">
                {login.error.message}
              </p>
            ) : null}
            <button type="submit" className="primary-button" disabled={login.isPending}>
              Sign in
            </button>
          </form>
        </Modal>
      ) : null}
      {managing ? (
        <Suspense fallback={null}>
          <UsersDialog onClose={() => setManaging(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
