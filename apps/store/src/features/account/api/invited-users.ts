// localuser!invitedList: the users who registered with the signed-in user's invitation code, newest
// first; the server masks their names.
import type { InvitedUser } from '@caravan/contract/accounts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { PagedList } from './favourite-goods.ts';

export const INVITED_PAGE_SIZE = 10;

export function listInvitedUsers(pageNum: number): Promise<PagedList<InvitedUser>> {
  return api.call<PagedList<InvitedUser>>('localuser!invitedList', { pageNum, pageSize: INVITED_PAGE_SIZE });
}

export const invitedUsersQueryOptions = (pageNum: number) =>
  queryOptions({ queryKey: ['account', 'invited', pageNum], queryFn: () => listInvitedUsers(pageNum), placeholderData: keepPreviousData });

export function useInvitedUsers(pageNum: number) {
  return useQuery(invitedUsersQueryOptions(pageNum));
}
