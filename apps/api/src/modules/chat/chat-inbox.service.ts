import type { chatBuyerContext } from '@caravan/contract/chat';
import { isId } from '@caravan/contract/ids';
import type { Database, Executor } from '@caravan/db/client';
import type { z } from 'zod';
import type { AuditLog } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { OperatorIdentity } from '../operators/operators.service.ts';
import { toConsoleConversation, toConsoleMessage } from './chat.mapper.ts';
import type { CannedReplyRow, ChatRepository, ConversationRow } from './chat.repository.ts';
import type { ChatService } from './chat.service.ts';

// The operator inbox of the console: the conversation list (unread first, then the longest waiting),
// one conversation with its messages, assigning, closing and reopening, linking an order, canned
// replies per locale and the buyer's context. Every change is audited in its own transaction.

export type BuyerContext = z.input<typeof chatBuyerContext>;

export interface InboxPorts {
  usernames(ids: string[]): Promise<Map<string, { username: string }>>;
  userIdByName(username: string): Promise<string | undefined>;
  operatorNames(ids: string[]): Promise<Map<string, string>>;
  /** an active operator whose role may answer chats */
  chatOperator(id: string): Promise<{ id: string; username: string } | undefined>;
  /** the order's buyer, when the order exists */
  orderBuyer(orderId: string): Promise<string | undefined>;
  /** writes "customer service opened a conversation" into the order's timeline, in the caller's transaction */
  noteOrderConversation(executor: Executor, orderId: string, at: Date): Promise<void>;
  /** recent orders, wallet and loan, each through its own module */
  buyerContext(userId: string): Promise<Omit<BuyerContext, 'user'>>;
}

export interface InboxActor {
  operator: OperatorIdentity;
  requestId: string;
}

const TARGET = 'chat_conversation';

export class ChatInboxService {
  constructor(
    private readonly db: Database,
    private readonly repository: ChatRepository,
    private readonly chat: ChatService,
    private readonly ports: InboxPorts,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  private async decorate(rows: ConversationRow[]) {
    const ids = rows.map((row) => row.id);
    const [users, operators, latest, orders] = await Promise.all([
      this.ports.usernames([...new Set(rows.map((row) => row.userId))]),
      this.ports.operatorNames([...new Set(rows.flatMap((row) => (row.assigneeId ? [row.assigneeId] : [])))]),
      this.repository.latestMessages(this.db, ids),
      this.repository.linkedOrders(this.db, ids),
    ]);
    const now = this.clock.now();
    return rows.map((row) =>
      toConsoleConversation(row, {
        username: users.get(row.userId)?.username ?? '',
        assigneeName: row.assigneeId ? (operators.get(row.assigneeId) ?? '') : '',
        latest: latest.get(row.id),
        orderIds: orders.get(row.id) ?? [],
        now,
      }),
    );
  }

  async list(
    query: { state?: 'open' | 'closed' | undefined; assignee?: string | undefined; buyer?: string | undefined; orderId?: string | undefined; page: number; pageSize: number },
    viewer: OperatorIdentity,
  ) {
    let userId: string | undefined;
    if (query.buyer) {
      const buyer = query.buyer.trim();
      userId = isId(buyer) ? buyer : await this.ports.userIdByName(buyer);
      if (!userId) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
    }
    const assigneeId = query.assignee === 'me' ? viewer.id : query.assignee === 'unassigned' ? null : query.assignee;
    const filter = { state: query.state, assigneeId, userId, orderId: query.orderId };
    const [rows, total] = await Promise.all([
      this.repository.pageConversations(this.db, { ...filter, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
      this.repository.countConversations(this.db, filter),
    ]);
    return { items: await this.decorate(rows), total, page: query.page, pageSize: query.pageSize };
  }

  private async found(id: string): Promise<ConversationRow> {
    const row = isId(id) ? await this.repository.findById(this.db, id) : undefined;
    if (!row) throw new AppError('chat.conversation_not_found');
    return row;
  }

  async one(id: string) {
    const [item] = await this.decorate([await this.found(id)]);
    if (!item) throw new AppError('chat.conversation_not_found');
    return item;
  }

  /** Newest first; `before` pages older messages. Reading the latest page marks the buyer's messages read. */
  async messages(id: string, query: { before?: string | undefined; pageSize: number }) {
    const conversation = await this.found(id);
    let beforeSeq: bigint | undefined;
    if (query.before) {
      const anchor = await this.repository.findMessage(this.db, conversation.id, query.before);
      if (!anchor) throw new AppError('chat.message_not_found');
      beforeSeq = anchor.seq;
    } else if (conversation.operatorUnread > 0) {
      await this.chat.markReadByOperator(conversation.id);
    }
    const rows = await this.repository.pageMessages(this.db, conversation.id, query.pageSize + 1, beforeSeq);
    const page = rows.slice(0, query.pageSize);
    const names = await this.ports.operatorNames([...new Set(page.flatMap((row) => (row.operatorId ? [row.operatorId] : [])))]);
    return { items: page.map((row) => toConsoleMessage(row, names)), hasMore: rows.length > query.pageSize };
  }

  async detail(id: string, query: { before?: string | undefined; pageSize: number }) {
    const messages = await this.messages(id, query);
    return { ...(await this.one(id)), messages };
  }

  /** Reply with text or an image the operator uploaded; answers the stored message. */
  async reply(id: string, body: { type: 'text' | 'img'; content: string }, actor: InboxActor) {
    const conversation = await this.found(id);
    const sent = await this.chat.send({ type: 'operator', operatorId: actor.operator.id, conversationId: conversation.id }, { type: body.type, content: body.content }, { requestId: actor.requestId });
    return toConsoleMessage(sent.row, new Map([[actor.operator.id, actor.operator.username]]));
  }

  /** Assign to an operator (a colleague, or the caller when `operatorId` is absent). */
  async assign(id: string, operatorId: string | null | undefined, actor: InboxActor) {
    const target = operatorId ?? actor.operator.id;
    const assignee = await this.ports.chatOperator(target);
    if (!assignee) throw new AppError('chat.operator_not_found');
    await this.change(id, actor, 'chat.assign', (row) => ({ changes: { assigneeId: assignee.id }, detail: { from: row.assigneeId, to: assignee.id } }));
    return this.one(id);
  }

  async close(id: string, actor: InboxActor) {
    await this.change(id, actor, 'chat.close', (row, now) => {
      if (row.state === 'closed') throw new AppError('chat.already_closed');
      return { changes: { state: 'closed', closedAt: now }, detail: {} };
    });
    return this.one(id);
  }

  async reopen(id: string, actor: InboxActor) {
    await this.change(id, actor, 'chat.reopen', (row) => {
      if (row.state === 'open') throw new AppError('chat.already_open');
      return { changes: { state: 'open', closedAt: null }, detail: {} };
    });
    return this.one(id);
  }

  /** Links the conversation to one of the buyer's orders (the order's timeline shows it). */
  async linkOrder(id: string, orderId: string, actor: InboxActor) {
    const conversation = await this.found(id);
    const buyer = isId(orderId) ? await this.ports.orderBuyer(orderId) : undefined;
    if (buyer !== conversation.userId) throw new AppError('chat.order_not_found');
    const now = this.clock.now();
    const linked = await this.db.transaction(async (tx) => {
      const added = await this.repository.linkOrder(tx, { conversationId: conversation.id, orderId, linkedBy: actor.operator.id, createdAt: now });
      if (added) {
        await this.ports.noteOrderConversation(tx, orderId, now);
        await this.audit.record(tx, { actorType: 'operator', actorId: actor.operator.id, action: 'chat.link_order', targetType: TARGET, targetId: conversation.id, detail: { orderId }, requestId: actor.requestId });
      }
      return added;
    });
    if (linked) await this.chat.publish({ kind: 'conversation', conversationId: conversation.id, userId: conversation.userId });
    return this.one(id);
  }

  private async change(
    id: string,
    actor: InboxActor,
    action: string,
    decide: (row: ConversationRow, now: Date) => { changes: Partial<ConversationRow>; detail: Record<string, unknown> },
  ): Promise<void> {
    if (!isId(id)) throw new AppError('chat.conversation_not_found');
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const locked = await this.repository.lockById(tx, id);
      if (!locked) throw new AppError('chat.conversation_not_found');
      const { changes, detail } = decide(locked, now);
      const updated = await this.repository.updateConversation(tx, id, { ...changes, updatedAt: now });
      await this.audit.record(tx, { actorType: 'operator', actorId: actor.operator.id, action, targetType: TARGET, targetId: id, detail, requestId: actor.requestId });
      return updated;
    });
    await this.chat.publish({ kind: 'conversation', conversationId: row.id, userId: row.userId });
  }

  /** The buyer beside the conversation, read through the orders, wallet and loans modules. */
  async buyerContext(id: string): Promise<BuyerContext> {
    const conversation = await this.found(id);
    const [users, context] = await Promise.all([this.ports.usernames([conversation.userId]), this.ports.buyerContext(conversation.userId)]);
    return { user: { id: conversation.userId, username: users.get(conversation.userId)?.username ?? '' }, ...context };
  }

  /** Conversations linked to an order (the console's order detail). */
  async conversationOfOrder(orderId: string): Promise<string | undefined> {
    return (await this.repository.conversationOfOrder(this.db, orderId))?.conversationId;
  }

  // ---- canned replies -----------------------------------------------------------------------------

  private cannedOut(row: CannedReplyRow) {
    return { id: row.id, locale: row.locale, title: row.title, text: row.body, updatedBy: row.updatedBy, updatedAt: row.updatedAt.toISOString() };
  }

  async cannedReplies(locale: string | undefined) {
    return { items: (await this.repository.cannedReplies(this.db, locale)).map((row) => this.cannedOut(row)) };
  }

  async createCannedReply(body: { locale: string; title: string; text: string }, actor: InboxActor) {
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const inserted = await this.repository.insertCannedReply(tx, { id: newId(), locale: body.locale, title: body.title.trim(), body: body.text.trim(), updatedBy: actor.operator.id, createdAt: now, updatedAt: now });
      await this.audit.record(tx, { actorType: 'operator', actorId: actor.operator.id, action: 'chat.canned_create', targetType: 'chat_canned_reply', targetId: inserted.id, detail: { locale: body.locale, title: inserted.title }, requestId: actor.requestId });
      return inserted;
    });
    return this.cannedOut(row);
  }

  async updateCannedReply(id: string, body: { locale: string; title: string; text: string }, actor: InboxActor) {
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const before = isId(id) ? await this.repository.findCannedReply(tx, id) : undefined;
      if (!before) throw new AppError('chat.canned_reply_not_found');
      const updated = await this.repository.updateCannedReply(tx, id, { locale: body.locale, title: body.title.trim(), body: body.text.trim(), updatedBy: actor.operator.id, updatedAt: now });
      if (!updated) throw new AppError('chat.canned_reply_not_found');
      await this.audit.record(tx, {
        actorType: 'operator',
        actorId: actor.operator.id,
        action: 'chat.canned_update',
        targetType: 'chat_canned_reply',
        targetId: id,
        detail: { before: { locale: before.locale, title: before.title, text: before.body }, after: { locale: updated.locale, title: updated.title, text: updated.body } },
        requestId: actor.requestId,
      });
      return updated;
    });
    return this.cannedOut(row);
  }

  async deleteCannedReply(id: string, actor: InboxActor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = isId(id) ? await this.repository.findCannedReply(tx, id) : undefined;
      if (!before || !(await this.repository.deleteCannedReply(tx, id))) throw new AppError('chat.canned_reply_not_found');
      await this.audit.record(tx, { actorType: 'operator', actorId: actor.operator.id, action: 'chat.canned_delete', targetType: 'chat_canned_reply', targetId: id, detail: { locale: before.locale, title: before.title }, requestId: actor.requestId });
    });
  }
}
