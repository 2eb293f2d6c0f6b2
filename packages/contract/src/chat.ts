import { z } from 'zod';
import { consolePage, consolePageQuery } from './console.ts';
import { ID_PATTERN } from './ids.ts';
import { LOCALES } from './languages.ts';

// Customer-service chat (spec §2 "Global chrome", §4 "Chat", §7 "Chat and messages"; API reference §8):
// the legacy `newOnlinechat!*` calls, the frames of the chat socket (port 5000, CHAT_PORT) and the
// operator inbox of the console (/console/api/chat). One conversation per buyer with the platform's
// customer service.

// ---- limits (spec §9) ---------------------------------------------------------------------------

/** Longest text message, in characters (code points) after URL-decoding. */
export const CHAT_TEXT_MAX = 2000;
/** Messages per page of newOnlinechat!list (newest first; `message_id` pages older ones). */
export const CHAT_PAGE_SIZE = 20;
/** Most messages a socket catch-up (`resume`) sends in one `missed` frame; `hasMore` says if more wait. */
export const CHAT_RESUME_MAX = 200;
/** Store: poll the message list every 5 s while the dialog is open and the socket is down. */
export const CHAT_POLL_MS = 5_000;
/** Store: look again 1 s after a send. */
export const CHAT_RECHECK_AFTER_SEND_MS = 1_000;
/** Store: poll the unread count every 30 s (header badges). */
export const CHAT_UNREAD_POLL_MS = 30_000;
/** Store: the dialog's size. */
export const CHAT_WINDOW = { width: 480, height: 680 } as const;
/** Server: ping every socket this often; a socket that did not answer the previous ping is dropped. */
export const CHAT_HEARTBEAT_MS = 30_000;
/** Client: after a close that is not 4401, reconnect after this long (a `reconnect` frame may say otherwise). */
export const CHAT_RECONNECT_MS = 1_000;
/** Close code when the token is missing, unknown or expired: do not reconnect, log in again. */
export const CHAT_CLOSE_UNAUTHORISED = 4401;
/** Close code for an operator whose role may not read chats. */
export const CHAT_CLOSE_FORBIDDEN = 4403;

export const CHAT_MESSAGE_TYPES = ['text', 'img'] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

const chatId = z.string().regex(ID_PATTERN);

// ---- the legacy message ---------------------------------------------------------------------------

/**
 * One message as legacy clients read it (newOnlinechat!list, and inside socket frames).
 * - `send_receive`: "send" = written by the buyer, "receive" = written by customer service.
 * - `content`: text messages are URL-encoded (`encodeURIComponent`; clients `decodeURIComponent` it
 *   to show it, as legacy clients do); image messages are the image URL.
 * - `createtime`: "yyyy-MM-dd HH:mm:ss" in the platform's time zone; `createdAt` the same instant, ISO.
 */
export const chatMessage = z.object({
  id: chatId,
  send_receive: z.enum(['send', 'receive']),
  content: z.string(),
  type: z.enum(CHAT_MESSAGE_TYPES),
  createtime: z.string(),
  createdAt: z.string(),
  /** buyer's messages: whether customer service has read it; customer service's: whether the buyer has */
  read: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

// ---- legacy calls -------------------------------------------------------------------------------

/**
 * newOnlinechat!send: `type` "text" (default) or "img"; `content` is the URL-encoded text, or the URL
 * uploadimg!execute answered (an image the sender uploaded). The older H5 variant posts multipart
 * `file` with `type=img` instead of a URL. Answers the stored message (legacy clients read nothing).
 * Errors: chat.content_required, chat.text_too_long, chat.type_invalid, chat.image_invalid,
 * chat.too_frequent (also uploads.* for a bad `file`).
 */
export const chatSendInput = z.object({
  type: z.union([z.string(), z.number()]).transform((value) => String(value).trim()).optional(),
  content: z.string({ error: 'chat.content_required' }).optional(),
});
export const chatSendOutput = chatMessage;

/** newOnlinechat!list: `message_id` pages older messages (those before it); answers newest first. */
export const chatListInput = z.object({
  message_id: z.string({ error: 'chat.message_not_found' }).regex(ID_PATTERN, { error: 'chat.message_not_found' }).optional(),
  /** H5 sends show_img=true; images are always included */
  show_img: z.union([z.string(), z.boolean()]).optional(),
});
export const chatListOutput = z.array(chatMessage);

/** newOnlinechat!unread and public/userOnlineChatController!unread: customer-service messages the buyer has not read. */
export const chatUnreadOutput = z.number().int().min(0);

// ---- socket frames (ws://host:5000/) --------------------------------------------------------------
//
// Connect as a buyer with `?token=<login token>`, or as an operator with `?operatorToken=<console
// bearer token>` (operators need the `chat.read` permission); `&lang=` sets the language of `msg`;
// `&lastMessageId=<id>` asks, on reconnect, for every message after that one (same as a `resume`).
// A refused login gets an `error` frame with code "403" and close code 4401 (do not reconnect); an
// operator without the chat permission gets close code 4403.
// Several sockets of one buyer (tabs, devices) all receive every frame; a `message` may arrive both in
// `missed` and as a live frame around a reconnect: clients keep messages by `id`.
// Every frame is one JSON text; the server answers an unparsable or unknown frame with `error`
// (`chat.frame_invalid`) and keeps the socket open. The server pings at the protocol level every
// CHAT_HEARTBEAT_MS and closes sockets that did not pong (browsers answer by themselves); JSON
// `ping` frames are for clients that want to check the line themselves.

/** Client -> server. */
export const chatClientFrame = z.discriminatedUnion('type', [
  /** Send a message. `clientId` (1-64 chars) comes back in `ack` or `error`; a repeated clientId is not stored twice. */
  z.object({
    type: z.literal('send'),
    clientId: z.string().min(1).max(64),
    messageType: z.enum(CHAT_MESSAGE_TYPES).default('text'),
    /** plain text (not URL-encoded) or an uploaded image URL */
    content: z.string().max(20_000),
    /** operators only: the conversation to answer */
    conversationId: chatId.optional(),
  }),
  /** Mark everything received so far as read (a buyer: customer service's messages; an operator: the conversation's). */
  z.object({ type: z.literal('read'), conversationId: chatId.optional() }),
  /** Catch up after a reconnect: every message after `lastMessageId` (oldest first, in `missed`). Buyers only. */
  z.object({ type: z.literal('resume'), lastMessageId: chatId }),
  z.object({ type: z.literal('ping') }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrame>;

/** Server -> client. */
export const chatServerFrame = z.discriminatedUnion('type', [
  /** First frame after a successful login. `unread`: a buyer's unread count; for an operator, unread conversations. */
  z.object({
    type: z.literal('welcome'),
    role: z.enum(['buyer', 'operator']),
    partyId: z.string(),
    username: z.string(),
    unread: z.number().int().min(0),
    heartbeatMs: z.number().int(),
  }),
  /** A new message in a conversation this socket watches (also the sender's other sockets). */
  z.object({ type: z.literal('message'), conversationId: chatId, userId: z.string(), message: chatMessage }),
  /** The buyer's unread count changed (buyer sockets); for operators: the conversation's unread count from the buyer. */
  z.object({ type: z.literal('unread'), count: z.number().int().min(0), conversationId: chatId.optional() }),
  /** The other side read the conversation up to `upToId` (read receipts). */
  z.object({ type: z.literal('read'), conversationId: chatId, by: z.enum(['buyer', 'operator']), upToId: chatId.nullable() }),
  /** Operators: a conversation changed (assignee, closed or reopened, linked order). */
  z.object({ type: z.literal('conversation'), conversationId: chatId }),
  /** A `send` was committed (the same message also arrives as `message` on the sender's other sockets). */
  z.object({ type: z.literal('ack'), clientId: z.string(), conversationId: chatId, message: chatMessage }),
  /** Answer to `resume` or `?lastMessageId=`: oldest first; `hasMore` when more than CHAT_RESUME_MAX were missed (page with list). */
  z.object({ type: z.literal('missed'), messages: z.array(chatMessage), hasMore: z.boolean() }),
  z.object({ type: z.literal('pong') }),
  /** The server is shutting down: reconnect after `afterMs` (close code 1012 follows). */
  z.object({ type: z.literal('reconnect'), afterMs: z.number().int() }),
  /** code "403" (login refused, close 4401 follows) or "1"; `clientId` when it answers a `send`. */
  z.object({ type: z.literal('error'), code: z.string(), errorKey: z.string(), msg: z.string(), clientId: z.string().optional() }),
]);
export type ChatServerFrame = z.infer<typeof chatServerFrame>;

// ---- console: the operator inbox (/console/api/chat) ----------------------------------------------

export const CONVERSATION_STATES = ['open', 'closed'] as const;

export const conversationQuery = consolePageQuery.extend({
  state: z.enum(CONVERSATION_STATES).optional(),
  /** "me", "unassigned" or an operator id */
  assignee: z.string().max(64).optional(),
  /** the buyer's user name or id */
  buyer: z.string().max(64).optional(),
  /** conversations linked to this order (the console's order detail asks this) */
  orderId: z.string().max(64).optional(),
});

/** One conversation in the inbox. Ordered: unread first, then the longest waiting, then the latest. */
export const consoleConversation = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  state: z.enum(CONVERSATION_STATES),
  assigneeId: z.string().nullable(),
  assigneeName: z.string(),
  /** buyer messages no operator has read yet */
  unread: z.number().int(),
  /** when the oldest buyer message not yet answered was sent (ISO), null when nobody waits */
  waitingSince: z.string().nullable(),
  /** seconds since waitingSince, 0 when nobody waits */
  waitingSeconds: z.number().int(),
  lastMessage: z.object({ from: z.enum(['buyer', 'operator']), type: z.enum(CHAT_MESSAGE_TYPES), text: z.string(), at: z.string() }).nullable(),
  /** orders this conversation is about */
  orderIds: z.array(z.string()),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export const consoleConversationPage = consolePage(consoleConversation);

/** A message as the console shows it: `text` is the plain text (or the image URL). */
export const consoleChatMessage = z.object({
  id: z.string(),
  conversationId: z.string(),
  from: z.enum(['buyer', 'operator']),
  operatorId: z.string().nullable(),
  operatorName: z.string(),
  type: z.enum(CHAT_MESSAGE_TYPES),
  text: z.string(),
  at: z.string(),
  readByBuyer: z.boolean(),
  readByOperator: z.boolean(),
});
/** Newest first; `before` is a message id (older than it). */
export const chatMessagesQuery = z.object({
  before: z.string().regex(ID_PATTERN).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(CHAT_PAGE_SIZE),
});
export const consoleChatMessages = z.object({ items: z.array(consoleChatMessage), hasMore: z.boolean() });

/** Reply: plain text, or an image URL the operator uploaded (POST /console/api/chat/images). */
export const chatReplyBody = z.object({ type: z.enum(CHAT_MESSAGE_TYPES).default('text'), content: z.string().max(20_000) });
/** Assign: an operator id; omitted or null = the signed-in operator. */
export const chatAssignBody = z.object({ operatorId: z.string().max(64).nullable().optional() });
export const chatLinkOrderBody = z.object({ orderId: z.string().max(64) });

/** Canned replies, managed per locale (admin and support). */
export const cannedReplyQuery = z.object({ locale: z.enum(LOCALES).optional() });
export const cannedReplyBody = z.object({ locale: z.enum(LOCALES), title: z.string().min(1).max(100), text: z.string().min(1).max(CHAT_TEXT_MAX) });
export const cannedReply = z.object({ id: z.string(), locale: z.string(), title: z.string(), text: z.string(), updatedBy: z.string().nullable(), updatedAt: z.string() });
export const cannedReplyList = z.object({ items: z.array(cannedReply) });

/** The buyer beside the conversation: recent orders, wallet records, loan state. */
export const chatBuyerContext = z.object({
  user: z.object({ id: z.string(), username: z.string() }),
  orders: z.array(z.object({ id: z.string(), status: z.string(), refundState: z.string(), total: z.string(), createdAt: z.string() })),
  wallet: z.object({
    balance: z.string(),
    available: z.string(),
    frozen: z.string(),
    lines: z.array(z.object({ transferId: z.string(), time: z.string(), kind: z.string(), direction: z.string(), amount: z.string() })),
  }),
  loan: z.object({ id: z.string(), state: z.string(), amount: z.string(), totalRepayment: z.string(), dueAt: z.string().nullable() }).nullable(),
});

/** The conversation's page: the conversation, its latest messages and (when permitted) the buyer's context. */
export const consoleConversationDetail = consoleConversation.extend({
  messages: consoleChatMessages,
});
