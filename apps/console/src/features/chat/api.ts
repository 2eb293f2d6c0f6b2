import { consoleChatMessage, consoleConversation, consoleConversationDetail, consoleConversationPage } from '@caravan/contract/chat';
import type { Query } from '@caravan/ui/rest-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { COUNT_REFRESH_MS } from '../recharges/api.ts';

export type Conversation = z.output<typeof consoleConversation>;
export type ChatMessage = z.output<typeof consoleChatMessage>;

/** An open conversation refreshes this often (the console has no chat socket of its own yet). */
export const CONVERSATION_REFRESH_MS = 5_000;

export const conversationsQuery = (filter: Query) =>
  queryOptions({ queryKey: ['chat', 'list', filter], queryFn: () => api.get('/chat/conversations', consoleConversationPage, filter), refetchInterval: COUNT_REFRESH_MS });

export const conversationQuery = (id: string) =>
  queryOptions({ queryKey: ['chat', 'one', id], queryFn: () => api.get(`/chat/conversations/${encodeURIComponent(id)}`, consoleConversationDetail), refetchInterval: CONVERSATION_REFRESH_MS });

/** Conversations waiting in the open inbox, for the navigation. */
export const openConversationsCount = queryOptions({
  queryKey: ['chat', 'open-count'],
  queryFn: async () => (await api.get('/chat/conversations', consoleConversationPage, { state: 'open', pageSize: 100 })).items.filter((item) => item.unread > 0).length,
  refetchInterval: COUNT_REFRESH_MS,
});

export type ChatAction = { kind: 'reply'; text: string } | { kind: 'assign' } | { kind: 'close' } | { kind: 'reopen' };

export function useChatAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: ChatAction): Promise<void> => {
      const base = `/chat/conversations/${encodeURIComponent(id)}`;
      if (action.kind === 'reply') await api.post(`${base}/messages`, consoleChatMessage, { type: 'text', content: action.text });
      else await api.post(`${base}/${action.kind}`, consoleConversation, action.kind === 'assign' ? {} : undefined);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['chat'] }),
  });
}
