import { api } from '../../../lib/api.ts';
import { toChatMessage } from '../chat-rules.ts';
import type { ChatMessage, RawChatMessage } from '../types.ts';

/**
 * newOnlinechat!list: the newest page of the conversation, or the page before `messageId`; answered
 * newest first, returned oldest first. Reading marks the buyer's unread messages read.
 */
export async function getMessages(messageId?: string, options: { silent?: boolean; signal?: AbortSignal } = {}): Promise<ChatMessage[]> {
  const data = await api.call<RawChatMessage[] | null>('newOnlinechat!list', { message_id: messageId, show_img: true }, options);
  return (data ?? []).map(toChatMessage).reverse();
}
