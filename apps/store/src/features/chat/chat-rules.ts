// The customer-service chat's rules (spec §2 "Global chrome", §4 "Chat", §7 "Chat and messages", §9;
// API reference §8) as pure functions, tested without a browser: the timings, the dialog's place and
// size on screen (drag, resize, clamped to the viewport), the message list (merged by id, oldest
// first), the legacy message fields, the socket's address and frames, and the query value that opens
// the dialog.
import type { ChatMessage, RawChatMessage } from './types.ts';

// ---- timings (spec §9) --------------------------------------------------------------------------------
// The contract (packages/contract/src/chat.ts) holds the same numbers, but importing it would bring zod
// into the store's first load; test/chat/chat-rules.test.ts checks that the two agree.

/** While the dialog is open and the socket is down: ask for new messages every 5 s. */
export const CHAT_POLL_MS = 5_000;
/** After sending: check again 1 s later. */
export const RECHECK_AFTER_SEND_MS = 1_000;
/** The header's unread count, while logged in. */
export const UNREAD_POLL_MS = 30_000;
/** The legacy clients retry a closed socket after 1 s; later failures wait longer, up to 30 s. */
export const SOCKET_RETRY_MS = 1_000;
export const SOCKET_RETRY_MAX_MS = 30_000;

/** `moduleName` of uploadimg!execute for chat pictures (the server files them as "chat", 10M). */
export const CHAT_IMAGE_MODULE = 'online';
export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Messages per page of newOnlinechat!list: a shorter page is the conversation's beginning. */
export const CHAT_PAGE_SIZE = 20;
/** What the server accepts in one text message (the contract's CHAT_TEXT_MAX; a test keeps them equal). */
export const CHAT_TEXT_MAX = 2_000;

// ---- opening from the address bar (spec §2: customerService or customer-service) ----------------------

export const CUSTOMER_SERVICE_PARAMS = ['customerService', 'customer-service'] as const;

/** Whether the page's query asks for the customer-service dialog (present with any value but "false"/"0"). */
export function wantsCustomerService(search: string): boolean {
  const params = new URLSearchParams(search);
  return CUSTOMER_SERVICE_PARAMS.some((name) => params.has(name) && !['false', '0'].includes(params.get(name) ?? ''));
}

/** The query without the values that open the dialog (so closing it does not open it again on reload). */
export function withoutCustomerService(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of CUSTOMER_SERVICE_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The login page, coming back afterwards to this page with the dialog open (visitors are told to log in). */
export function loginPathForChat(pathname: string, search: string): string {
  const params = new URLSearchParams(withoutCustomerService(search));
  params.set(CUSTOMER_SERVICE_PARAMS[0], '1');
  return `/login?redirect=${encodeURIComponent(`${pathname}?${params.toString()}`)}`;
}

// ---- the badge ----------------------------------------------------------------------------------------

/** The unread answer (`result.data || 0` in the legacy client): a count, never negative. */
export function unreadCount(data: unknown): number {
  const count = Number(data);
  return Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

/** What the badge shows: nothing for 0, 99+ above 99. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

// ---- the dialog on screen (spec §2, §9: 480 by 680) ---------------------------------------------------

export const DIALOG_WIDTH = 480;
export const DIALOG_HEIGHT = 680;
export const DIALOG_MIN_WIDTH = 300;
export const DIALOG_MIN_HEIGHT = 360;
/** Space kept between the dialog and the viewport's edges. */
export const DIALOG_MARGIN = 16;
/** One arrow-key step when moving or resizing from the keyboard. */
export const KEYBOARD_STEP = 20;

/**
 * The dialog's place: `x` from the viewport's inline-start edge (left, or right in a right-to-left
 * page: the CSS is `inset-inline-start`, so the same numbers mirror), `y` from the top.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Viewport {
  width: number;
  height: number;
}

/** The rect made to fit the viewport: no larger than it (minus margins), never outside it. */
export function clampRect(rect: Rect, viewport: Viewport): Rect {
  const maxWidth = Math.max(viewport.width - 2 * DIALOG_MARGIN, 0);
  const maxHeight = Math.max(viewport.height - 2 * DIALOG_MARGIN, 0);
  const width = Math.min(Math.max(rect.width, Math.min(DIALOG_MIN_WIDTH, maxWidth)), maxWidth);
  const height = Math.min(Math.max(rect.height, Math.min(DIALOG_MIN_HEIGHT, maxHeight)), maxHeight);
  const x = Math.min(Math.max(rect.x, DIALOG_MARGIN), viewport.width - DIALOG_MARGIN - width);
  const y = Math.min(Math.max(rect.y, DIALOG_MARGIN), viewport.height - DIALOG_MARGIN - height);
  return { x: Math.round(Math.max(x, 0)), y: Math.round(Math.max(y, 0)), width: Math.round(width), height: Math.round(height) };
}

/** Where the dialog first opens: 480 x 680 (or what fits) in the bottom corner at the end of the line. */
export function initialRect(viewport: Viewport): Rect {
  const size = clampRect({ x: 0, y: 0, width: DIALOG_WIDTH, height: DIALOG_HEIGHT }, viewport);
  return clampRect({ ...size, x: viewport.width - DIALOG_MARGIN - size.width, y: viewport.height - DIALOG_MARGIN - size.height }, viewport);
}

/** A pointer's horizontal movement along the line: to the left is forwards in a right-to-left page. */
export function alongLine(dx: number, rtl: boolean): number {
  return rtl ? -dx : dx;
}

/** Moved by (dx along the line, dy down) from `start`, kept inside the viewport. */
export function moveRect(start: Rect, dx: number, dy: number, viewport: Viewport): Rect {
  return clampRect({ ...start, x: start.x + dx, y: start.y + dy }, viewport);
}

/** Resized by the handle in the bottom corner at the end of the line: (dx along the line, dy down) grows it. */
export function resizeRect(start: Rect, dx: number, dy: number, viewport: Viewport): Rect {
  const width = Math.min(Math.max(start.width + dx, DIALOG_MIN_WIDTH), viewport.width - DIALOG_MARGIN - start.x);
  const height = Math.min(Math.max(start.height + dy, DIALOG_MIN_HEIGHT), viewport.height - DIALOG_MARGIN - start.y);
  return clampRect({ ...start, width, height }, viewport);
}

// ---- messages (API reference §8) ------------------------------------------------------------------------

/** Text arrives URL-encoded (the legacy clients send `encodeURIComponent(text)`); a bad escape stays as it is. */
export function decodeText(content: string): string {
  try {
    return decodeURIComponent(content);
  } catch {
    return content;
  }
}

/** A legacy message as the screen uses it: its id as a string, who sent it, the decoded text or the image URL. */
export function toChatMessage(raw: RawChatMessage): ChatMessage {
  const type = raw.type === 'img' ? 'img' : 'text';
  const content = String(raw.content ?? '');
  return {
    id: String(raw.id),
    mine: raw.send_receive === 'send',
    type,
    content: type === 'text' ? decodeText(content) : content,
    createtime: raw.createtime ?? '',
    at: raw.createdAt ?? '',
  };
}

/**
 * Messages from both lists, each id once (the newer copy wins), oldest first: newest at the bottom.
 * Ids are random (UUIDs), so the order is the server's time (`createdAt`, to the millisecond); messages
 * of the same instant, or without it, keep the order they arrived in (the sort is stable).
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => (a.at && b.at ? Date.parse(a.at) - Date.parse(b.at) : 0));
}

/** The id to page older messages from (`message_id`): the oldest shown, or none for the newest page. */
export function olderPageCursor(messages: readonly ChatMessage[]): string | undefined {
  return messages[0]?.id;
}

/** The newest message's id: what a reconnecting socket asks to catch up from. */
export function newestId(messages: readonly ChatMessage[]): string | undefined {
  return messages.at(-1)?.id;
}

export type ComposerKey = 'send' | 'newline' | 'none';

/** Enter sends, Shift+Enter breaks the line; nothing while an input method is composing. */
export function composerKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): ComposerKey {
  if (event.key !== 'Enter' || event.isComposing) return 'none';
  return event.shiftKey ? 'newline' : 'send';
}

/** The text to send, or undefined when there is nothing (only spaces) or too much. */
export function textToSend(draft: string): string | undefined {
  const text = draft.trim();
  return text.length === 0 || text.length > CHAT_TEXT_MAX ? undefined : text;
}

/** newOnlinechat!send's parameters (text URL-encoded, as the legacy clients send it). */
export function sendParams(message: { type: 'text' | 'img'; content: string }): { type: 'text' | 'img'; content: string } {
  return { type: message.type, content: message.type === 'text' ? encodeURIComponent(message.content) : message.content };
}

// ---- the socket (port 5000) ---------------------------------------------------------------------------

/**
 * The chat socket's address from the page's `caravan:chat-socket` meta value, which the server writes:
 * empty (no socket: polling only), a port (`5000`: this host on that port, ws or wss as the page), or a
 * whole ws(s):// URL. The token and language ride on the query, as the legacy clients send them.
 */
export function chatSocketUrl(metaValue: string | null | undefined, page: { protocol: string; hostname: string }, token: string, lang: string, lastId?: string): string | undefined {
  const value = (metaValue ?? '').trim();
  let base: URL;
  if (/^\d{1,5}$/.test(value)) {
    const port = Number(value);
    if (port < 1 || port > 65_535) return undefined;
    const host = page.hostname.includes(':') ? `[${page.hostname}]` : page.hostname;
    base = new URL(`${page.protocol === 'https:' ? 'wss' : 'ws'}://${host}:${port}/`);
  } else if (/^wss?:\/\//i.test(value)) {
    try {
      base = new URL(value);
    } catch {
      return undefined;
    }
  } else {
    return undefined;
  }
  base.searchParams.set('token', token);
  base.searchParams.set('lang', lang);
  if (lastId) base.searchParams.set('lastMessageId', lastId);
  return base.toString();
}

/** How long to wait before the n-th reconnection attempt (0-based): 1 s, doubling, at most 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(SOCKET_RETRY_MS * 2 ** Math.max(attempt, 0), SOCKET_RETRY_MAX_MS);
}

export type ChatFrame =
  | { type: 'welcome'; unread: number }
  | { type: 'message'; message: ChatMessage }
  | { type: 'missed'; messages: ChatMessage[]; hasMore: boolean }
  | { type: 'unread'; count: number }
  | { type: 'reconnect'; afterMs: number }
  | { type: 'error'; code: string; msg: string };

function isRawMessage(value: unknown): value is RawChatMessage {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (typeof record.id === 'string' || typeof record.id === 'number') && typeof record.content === 'string';
}

/**
 * A frame the server pushed (the contract's chatServerFrame), read defensively without zod: what the
 * store does not use (pong, read receipts, ack: the send went over HTTP) or cannot read is undefined.
 */
export function parseFrame(data: unknown): ChatFrame | undefined {
  if (typeof data !== 'string') return undefined;
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof frame !== 'object' || frame === null) return undefined;
  const record = frame as Record<string, unknown>;
  switch (record.type) {
    case 'welcome':
      return { type: 'welcome', unread: unreadCount(record.unread) };
    case 'message':
      return isRawMessage(record.message) ? { type: 'message', message: toChatMessage(record.message) } : undefined;
    case 'missed':
      return Array.isArray(record.messages)
        ? { type: 'missed', messages: record.messages.filter(isRawMessage).map(toChatMessage), hasMore: record.hasMore === true }
        : undefined;
    case 'unread':
      return { type: 'unread', count: unreadCount(record.count) };
    case 'reconnect': {
      const afterMs = Number(record.afterMs);
      return { type: 'reconnect', afterMs: Number.isFinite(afterMs) && afterMs >= 0 ? Math.min(afterMs, SOCKET_RETRY_MAX_MS) : SOCKET_RETRY_MS };
    }
    case 'error':
      return { type: 'error', code: String(record.code ?? ''), msg: typeof record.msg === 'string' ? record.msg : '' };
    default:
      return undefined;
  }
}

/** Close code of a refused login (the contract's CHAT_CLOSE_UNAUTHORISED): log in again, do not reconnect. */
export const CLOSE_UNAUTHORISED = 4401;
