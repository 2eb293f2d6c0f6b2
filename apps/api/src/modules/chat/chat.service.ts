import { CHAT_MESSAGE_TYPES, CHAT_PAGE_SIZE, CHAT_RESUME_MAX, CHAT_TEXT_MAX, type ChatMessage, type ChatMessageType } from '@caravan/contract/chat';
import { isId } from '@caravan/contract/ids';
import type { Database } from '@caravan/db/client';
import type { AuditLog } from '../../platform/audit.ts';
import type { Bus } from '../../platform/bus.ts';
import { MINUTE_MS, type Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RateLimiter, RateRule } from '../../platform/rate-limit.ts';
import { CHAT_CHANNEL, type ChatEvent } from './chat-events.ts';
import { decodeChatText, toLegacyMessage } from './chat.mapper.ts';
import type { ChatRepository, ConversationRow, MessageRow } from './chat.repository.ts';

// The conversation between a buyer and customer service: sending (buyer or operator), reading, the
// unread counts and the catch-up after a reconnect. A message is stored, with the conversation's
// counters, in one transaction under the conversation's row lock; only after the commit is it
// acknowledged and published on the bus for the sockets of every instance.

/** Per sender, whatever the transport (legacy call or socket). */
export const CHAT_RATE_RULES = {
  sendPerBuyer: { name: 'chat-send:buyer', max: 20, windowMs: MINUTE_MS },
  sendPerOperator: { name: 'chat-send:operator', max: 120, windowMs: MINUTE_MS },
} as const satisfies Record<string, RateRule>;

export interface ChatPorts {
  /** an image stored here (checked by content at upload) that this uploader (user or operator id) uploaded */
  isOwnedImage(url: string, uploaderId: string): Promise<boolean>;
  /** stores an uploaded chat image (JPEG/PNG, chat size limit) and answers its URL */
  storeChatImage(bytes: Buffer, uploaderId: string): Promise<string>;
}

export type ChatSender = { type: 'buyer'; userId: string } | { type: 'operator'; operatorId: string; conversationId: string };

export interface SendInput {
  type?: string | undefined;
  content?: string | undefined;
  /** the legacy call's text may be URL-encoded; socket and console text is plain */
  urlEncoded?: boolean;
  /** the client's own id for this message: a repeat is stored once and answers the first */
  clientId?: string | undefined;
}

export interface SendMeta {
  requestId?: string | undefined;
  originSocketId?: string | undefined;
}

export interface Sent {
  conversationId: string;
  userId: string;
  message: ChatMessage;
  row: MessageRow;
  /** a repeated clientId: nothing new was stored or published */
  duplicate: boolean;
}

export class ChatService {
  constructor(
    private readonly db: Database,
    private readonly repository: ChatRepository,
    private readonly ports: ChatPorts,
    private readonly limiter: RateLimiter,
    private readonly bus: Bus,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  toMessage(row: MessageRow): ChatMessage {
    return toLegacyMessage(row, this.timeZone);
  }

  private async validate(input: SendInput, uploaderId: string): Promise<{ type: ChatMessageType; body: string }> {
    const type = (input.type ?? '').trim() || 'text';
    if (!(CHAT_MESSAGE_TYPES as readonly string[]).includes(type)) throw new AppError('chat.type_invalid');
    const raw = input.content ?? '';
    if (type === 'text') {
      const body = (input.urlEncoded ? decodeChatText(raw) : raw).trim();
      if (body.length === 0) throw new AppError('chat.content_required');
      if ([...body].length > CHAT_TEXT_MAX) throw new AppError('chat.text_too_long', { max: CHAT_TEXT_MAX });
      return { type: 'text', body };
    }
    const url = raw.trim();
    if (url.length === 0) throw new AppError('chat.content_required');
    if (url.length > 500 || !(await this.ports.isOwnedImage(url, uploaderId))) throw new AppError('chat.image_invalid');
    return { type: 'img', body: url };
  }

  private async throttle(sender: ChatSender): Promise<void> {
    const decision =
      sender.type === 'buyer'
        ? await this.limiter.hit(CHAT_RATE_RULES.sendPerBuyer, sender.userId)
        : await this.limiter.hit(CHAT_RATE_RULES.sendPerOperator, sender.operatorId);
    if (!decision.allowed) throw new AppError('chat.too_frequent');
  }

  /** Checks, stores and (after the commit) publishes one message. */
  async send(sender: ChatSender, input: SendInput, meta: SendMeta = {}): Promise<Sent> {
    const uploaderId = sender.type === 'buyer' ? sender.userId : sender.operatorId;
    const checked = await this.validate(input, uploaderId);
    await this.throttle(sender);
    return this.store(sender, checked, input.clientId, meta);
  }

  /** The older H5 variant: a multipart image file instead of a URL. The rate is checked before storing it. */
  async sendUploadedImage(userId: string, bytes: Buffer, meta: SendMeta = {}): Promise<Sent> {
    const sender: ChatSender = { type: 'buyer', userId };
    await this.throttle(sender);
    const url = await this.ports.storeChatImage(bytes, userId);
    return this.store(sender, { type: 'img', body: url }, undefined, meta);
  }

  private async store(sender: ChatSender, checked: { type: ChatMessageType; body: string }, clientId: string | undefined, meta: SendMeta): Promise<Sent> {
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      let conversation: ConversationRow;
      if (sender.type === 'buyer') {
        conversation = await this.repository.lockOrCreateForUser(tx, sender.userId, newId(), now);
      } else {
        const locked = await this.repository.lockById(tx, sender.conversationId);
        if (!locked) throw new AppError('chat.conversation_not_found');
        if (locked.state === 'closed') throw new AppError('chat.conversation_closed');
        conversation = locked;
      }
      if (clientId) {
        const existing = await this.repository.findMessageByClientId(tx, conversation.id, sender.type, clientId);
        if (existing) return { conversation, row: existing, duplicate: true };
      }
      const row = await this.repository.insertMessage(tx, {
        id: newId(),
        conversationId: conversation.id,
        sender: sender.type,
        operatorId: sender.type === 'operator' ? sender.operatorId : null,
        type: checked.type,
        body: checked.body,
        clientId: clientId ?? null,
        createdAt: now,
      });
      if (sender.type === 'buyer') {
        conversation = await this.repository.updateConversation(tx, conversation.id, {
          operatorUnread: conversation.operatorUnread + 1,
          waitingSince: conversation.waitingSince ?? now,
          lastMessageAt: now,
          // a buyer writing again reopens a closed conversation
          state: 'open',
          closedAt: null,
          updatedAt: now,
        });
      } else {
        // answering reads what the buyer wrote, ends the wait and takes the conversation when nobody has
        await this.repository.markRead(tx, conversation.id, 'buyer', now);
        conversation = await this.repository.updateConversation(tx, conversation.id, {
          buyerUnread: conversation.buyerUnread + 1,
          operatorUnread: 0,
          waitingSince: null,
          lastMessageAt: now,
          assigneeId: conversation.assigneeId ?? sender.operatorId,
          updatedAt: now,
        });
        await this.audit.record(tx, {
          actorType: 'operator',
          actorId: sender.operatorId,
          action: 'chat.reply',
          targetType: 'chat_conversation',
          targetId: conversation.id,
          detail: { messageId: row.id, type: row.type, userId: conversation.userId },
          requestId: meta.requestId ?? null,
        });
      }
      return { conversation, row, duplicate: false };
    });
    const message = this.toMessage(outcome.row);
    const { conversation } = outcome;
    if (!outcome.duplicate) {
      await this.publish({
        kind: 'message',
        conversationId: conversation.id,
        userId: conversation.userId,
        message,
        buyerUnread: conversation.buyerUnread,
        operatorUnread: conversation.operatorUnread,
        originSocketId: meta.originSocketId,
      });
    }
    return { conversationId: conversation.id, userId: conversation.userId, message, row: outcome.row, duplicate: outcome.duplicate };
  }

  /** Fan-out is best effort: the message is committed, and clients catch up from the database. */
  async publish(event: ChatEvent): Promise<void> {
    try {
      await this.bus.publish(CHAT_CHANNEL, event);
    } catch {
      // Redis down: sockets miss the live frame, polling and `resume` still find the message
    }
  }

  // ---- the buyer's side ---------------------------------------------------------------------------

  /** newOnlinechat!list: newest first; `messageId` pages older ones. The first page marks everything read. */
  async list(userId: string, messageId?: string): Promise<ChatMessage[]> {
    const conversation = await this.repository.findByUser(this.db, userId);
    if (!conversation) {
      if (messageId) throw new AppError('chat.message_not_found');
      return [];
    }
    let beforeSeq: bigint | undefined;
    if (messageId) {
      // looked up inside the buyer's own conversation: another buyer's message id is "not found"
      const anchor = await this.repository.findMessage(this.db, conversation.id, messageId);
      if (!anchor) throw new AppError('chat.message_not_found');
      beforeSeq = anchor.seq;
    } else if (conversation.buyerUnread > 0) {
      await this.markReadByBuyer(userId);
    }
    const rows = await this.repository.pageMessages(this.db, conversation.id, CHAT_PAGE_SIZE, beforeSeq);
    return rows.map((row) => this.toMessage(row));
  }

  /** newOnlinechat!unread: customer-service messages the buyer has not read. */
  async unread(userId: string): Promise<number> {
    return (await this.repository.findByUser(this.db, userId))?.buyerUnread ?? 0;
  }

  async markReadByBuyer(userId: string): Promise<void> {
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const found = await this.repository.findByUser(tx, userId);
      if (!found) return undefined;
      const conversation = await this.repository.lockById(tx, found.id);
      if (!conversation || conversation.buyerUnread === 0) return undefined;
      const upToId = await this.repository.markRead(tx, conversation.id, 'operator', now);
      const updated = await this.repository.updateConversation(tx, conversation.id, { buyerUnread: 0, updatedAt: now });
      return { conversation: updated, upToId };
    });
    if (outcome) await this.publishRead(outcome.conversation, 'buyer', outcome.upToId);
  }

  async markReadByOperator(conversationId: string): Promise<void> {
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      const conversation = await this.repository.lockById(tx, conversationId);
      if (!conversation) throw new AppError('chat.conversation_not_found');
      if (conversation.operatorUnread === 0) return undefined;
      const upToId = await this.repository.markRead(tx, conversation.id, 'buyer', now);
      const updated = await this.repository.updateConversation(tx, conversation.id, { operatorUnread: 0, updatedAt: now });
      return { conversation: updated, upToId };
    });
    if (outcome) await this.publishRead(outcome.conversation, 'operator', outcome.upToId);
  }

  private publishRead(conversation: ConversationRow, by: 'buyer' | 'operator', upToId: string | null): Promise<void> {
    return this.publish({
      kind: 'read',
      conversationId: conversation.id,
      userId: conversation.userId,
      by,
      upToId,
      buyerUnread: conversation.buyerUnread,
      operatorUnread: conversation.operatorUnread,
    });
  }

  /** A reconnecting buyer's catch-up: the messages after `lastMessageId`, oldest first. */
  async missed(userId: string, lastMessageId: string): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    if (!isId(lastMessageId)) throw new AppError('chat.message_not_found');
    const conversation = await this.repository.findByUser(this.db, userId);
    if (!conversation) throw new AppError('chat.message_not_found');
    const anchor = await this.repository.findMessage(this.db, conversation.id, lastMessageId);
    if (!anchor) throw new AppError('chat.message_not_found');
    const rows = await this.repository.messagesAfter(this.db, conversation.id, anchor.seq, CHAT_RESUME_MAX + 1);
    return { messages: rows.slice(0, CHAT_RESUME_MAX).map((row) => this.toMessage(row)), hasMore: rows.length > CHAT_RESUME_MAX };
  }

  /** The operators' badge: conversations with unread buyer messages. */
  unreadConversations(): Promise<number> {
    return this.repository.countUnreadConversations(this.db);
  }

  /** The conversation of a buyer, for the socket's frames (undefined before the first message). */
  conversationOf(userId: string): Promise<ConversationRow | undefined> {
    return this.repository.findByUser(this.db, userId);
  }
}
