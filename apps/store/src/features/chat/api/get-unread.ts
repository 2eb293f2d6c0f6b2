import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useViewerKey } from '../../../lib/session.ts';
import { UNREAD_POLL_MS, unreadCount } from '../chat-rules.ts';
import { chatKeys } from './chat-keys.ts';

/**
 * newOnlinechat!unread: how many customer-service messages the buyer has not read. Asked as the PC
 * client does (`loginType=user`), quietly (a failed poll shows no toast; the next one tries again).
 */
export async function getUnread(): Promise<number> {
  return unreadCount(await api.call<unknown>('newOnlinechat!unread', { loginType: 'user' }, { silent: true }));
}

/** The header's badge: every 30 s while logged in (spec §9), not at all for visitors. */
export function useUnread() {
  const viewer = useViewerKey();
  return useQuery({
    queryKey: chatKeys.unread(viewer),
    queryFn: getUnread,
    enabled: viewer !== 'guest',
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
    retry: false,
  });
}
