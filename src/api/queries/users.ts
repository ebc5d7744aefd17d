// Who is signed in, the user type, sign in and out.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, getJson, send, seg } from '../client';
import type { Role, UserEntry, UserInfo } from '../../../contract/api';
import { keys } from '../../../contract/queryKeys';
import { refreshAfterWrite } from '../writeRefresh';

export function useUserInfo() {
  return useQuery({
    queryKey: keys.userInfo,
    staleTime: 5 * 60_000,
    retry: 1,
    queryFn: async ({ signal }) => {
      try {
        return await getJson<UserInfo>('/api/login/user/info', { signal });
      } catch (e) {
        if (e instanceof DOMException && e.name === 'AbortError') throw e;
        throw new ApiError('Error returning the logged in user info', e instanceof ApiError ? e.status : 0);
      }
    },
  });
}

export function useUserType() {
  return useQuery({
    queryKey: keys.userType,
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) => {
      try {
        return (await getJson<{ type: string }>('/api/user/type', { signal })).type;
      } catch (e) {
        if (e instanceof DOMException && e.name === 'AbortError') throw e;
        throw new ApiError('error returning user type', e instanceof ApiError ? e.status : 0);
      }
    },
  });
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => send<UserInfo>('POST', '/api/login', body),
    // Everything may read differently for the new person, here and in the other tabs.
    onSuccess: () => refreshAfterWrite(qc, [[]]),
  });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => send<null>('POST', '/api/logout'),
    // Everything may read differently for the new person, here and in the other tabs.
    onSuccess: () => refreshAfterWrite(qc, [[]]),
  });
}

/** Every account (a superAdmin's admin page). */
export function useUsers(enabled: boolean) {
  return useQuery({
    queryKey: ['users'],
    enabled,
    queryFn: ({ signal }) => getJson<UserEntry[]>('/api/users', { signal }),
  });
}

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (u: { id?: string; username?: string; password?: string; roles: Role[]; sites: string[] }) =>
      u.id
        ? send<UserEntry>('PUT', `/api/users/${seg(u.id)}`, {
            roles: u.roles,
            sites: u.sites,
            ...(u.password ? { password: u.password } : {}),
          })
        : send<UserEntry>('POST', '/api/users', {
            username: u.username,
            password: u.password,
            roles: u.roles,
            sites: u.sites,
          }),
    onSuccess: () => refreshAfterWrite(qc, [['users']]),
  });
}

export function useRemoveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => send<UserEntry>('DELETE', `/api/users/${seg(id)}`),
    onSuccess: () => refreshAfterWrite(qc, [['users']]),
  });
}
