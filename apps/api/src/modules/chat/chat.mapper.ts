import type { ChatMessage } from '@caravan/contract/chat';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import type { ConversationRow, MessageRow } from './chat.repository.ts';

// Rows to wire shapes: the legacy message (buyer's point of view, text URL-encoded as legacy clients
// decode it) and the console's conversation and message.

/**
 * Legacy clients send text `encodeURIComponent`-ed, and some transports decode it on the way while
 * others do not: decode once when the text holds an escape, and keep it as it came when it does not
 * decode (a lone "%" is text, not an error).
 */
export function decodeChatText(raw: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(raw)) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function toLegacyMessage(row: MessageRow, timeZone: string): ChatMessage {
  return {
    id: row.id,
    send_receive: row.sender === 'buyer' ? 'send' : 'receive',
    content: row.type === 'text' ? encodeURIComponent(row.body) : row.body,
    type: row.type === 'img' ? 'img' : 'text',
    createtime: formatLegacyDateTime(timeZone, row.createdAt),
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

export function toConsoleMessage(row: MessageRow, operatorNames: Map<string, string>) {
  return {
    id: row.id,
    conversationId: row.conversationId,
    from: row.sender === 'buyer' ? ('buyer' as const) : ('operator' as const),
    operatorId: row.operatorId,
    operatorName: row.operatorId ? (operatorNames.get(row.operatorId) ?? '') : '',
    type: row.type === 'img' ? ('img' as const) : ('text' as const),
    text: row.body,
    at: row.createdAt.toISOString(),
    readByBuyer: row.sender === 'operator' && row.readAt !== null,
    readByOperator: row.sender === 'buyer' && row.readAt !== null,
  };
}

export function toConsoleConversation(
  row: ConversationRow,
  extra: { username: string; assigneeName: string; latest: MessageRow | undefined; orderIds: string[]; now: Date },
) {
  const waitingSeconds = row.waitingSince ? Math.max(0, Math.floor((extra.now.getTime() - row.waitingSince.getTime()) / 1000)) : 0;
  return {
    id: row.id,
    userId: row.userId,
    username: extra.username,
    state: row.state === 'closed' ? ('closed' as const) : ('open' as const),
    assigneeId: row.assigneeId,
    assigneeName: extra.assigneeName,
    unread: row.operatorUnread,
    waitingSince: row.waitingSince?.toISOString() ?? null,
    waitingSeconds,
    lastMessage: extra.latest
      ? {
          from: extra.latest.sender === 'buyer' ? ('buyer' as const) : ('operator' as const),
          type: extra.latest.type === 'img' ? ('img' as const) : ('text' as const),
          text: extra.latest.body.slice(0, 200),
          at: extra.latest.createdAt.toISOString(),
        }
      : null,
    orderIds: extra.orderIds,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}
