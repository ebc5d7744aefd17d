// When the Users dialog's Remove and Save can work, as the sentence their title shows when they cannot. Pure. The
// server refuses the same on its own (the last superAdmin stays); this only keeps a button from promising it.
import type { UserEntry } from '../../../contract/api';

export const LAST_SUPER_ADMIN = 'The last superAdmin cannot be removed: make another account superAdmin first.';
export const NOTHING_CHANGED = 'Nothing to save: change the role, the sites or the password first.';

/** Why `u` cannot be removed, or null. */
export function removeBlock(users: readonly UserEntry[], u: UserEntry): string | null {
  const supers = users.filter((x) => x.roles.includes('superAdmin'));
  return supers.length === 1 && supers[0].id === u.id ? LAST_SUPER_ADMIN : null;
}

export interface AccountDraft {
  id?: string;
  password: string;
  role: string;
  sites: readonly string[];
}

/** Why an edited account cannot be saved: nothing differs from what is stored. A new account has the form's checks. */
export function saveBlock(draft: AccountDraft, stored: UserEntry | undefined): string | null {
  if (!draft.id || !stored) return null;
  const sameSites =
    draft.role !== 'projectAdmin' ||
    (draft.sites.length === stored.sites.length && draft.sites.every((s) => stored.sites.includes(s)));
  return !draft.password && stored.roles[0] === draft.role && sameSites ? NOTHING_CHANGED : null;
}
