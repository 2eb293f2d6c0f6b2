// localuser!get: the signed-in user's profile (UID, avatar, fund password flag, invitation link). Each
// fetch also refreshes the copy the session keeps, so the header and the cart follow a change.
import type { UserInfo as WireUserInfo } from '@caravan/contract/accounts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { session, useSession, type UserInfo } from '../../../lib/session.ts';

export type AccountProfile = WireUserInfo;

/** What the browser keeps of a profile: only what other screens read (not the QR image). */
export function toSessionUser(profile: Pick<AccountProfile, 'username' | 'usercode' | 'avatar' | 'safeword' | 'partyId'>): UserInfo {
  return {
    username: profile.username,
    usercode: profile.usercode,
    avatar: profile.avatar,
    safeword: profile.safeword,
    partyId: profile.partyId,
  };
}

export async function getUserInfo(): Promise<AccountProfile> {
  const profile = await api.call<AccountProfile>('localuser!get', {}, { silent: true });
  if (session.token()) session.updateUser(toSessionUser(profile));
  return profile;
}

export const userInfoKey = ['account', 'user-info'] as const;

export const userInfoQueryOptions = () => queryOptions({ queryKey: userInfoKey, queryFn: getUserInfo });

export function useUserInfo() {
  const { token } = useSession();
  return useQuery({ ...userInfoQueryOptions(), enabled: Boolean(token) });
}

export interface SessionGrant {
  token: string;
  username: string;
  usercode: string;
}

/**
 * After login or registration: keep the token, drop whatever an earlier visitor left in the query
 * cache, then load the full profile. A failing profile call leaves the user signed in with the name
 * and UID the grant carried.
 */
export async function startSession(grant: SessionGrant, queryClient: QueryClient): Promise<void> {
  session.signIn(grant.token, { username: grant.username, usercode: grant.usercode });
  queryClient.removeQueries();
  await queryClient.fetchQuery(userInfoQueryOptions()).catch(() => undefined);
}
