import * as contract from '@caravan/contract/chat';
import { describe, expect, it } from 'vitest';
import {
  alongLine,
  badgeText,
  CHAT_PAGE_SIZE,
  CHAT_POLL_MS,
  CHAT_TEXT_MAX,
  chatSocketUrl,
  clampRect,
  CLOSE_UNAUTHORISED,
  composerKey,
  decodeText,
  DIALOG_HEIGHT,
  DIALOG_MARGIN,
  DIALOG_MIN_HEIGHT,
  DIALOG_MIN_WIDTH,
  DIALOG_WIDTH,
  initialRect,
  loginPathForChat,
  mergeMessages,
  moveRect,
  newestId,
  olderPageCursor,
  parseFrame,
  RECHECK_AFTER_SEND_MS,
  reconnectDelay,
  resizeRect,
  sendParams,
  SOCKET_RETRY_MS,
  textToSend,
  toChatMessage,
  UNREAD_POLL_MS,
  unreadCount,
  wantsCustomerService,
  withoutCustomerService,
} from '../../src/features/chat/chat-rules.ts';
import type { ChatMessage } from '../../src/features/chat/types.ts';

/** A message id as the server makes them (32 hex characters, random). */
const id = (n: number) => `${(n * 7919).toString(16).padStart(8, '0')}${'ab'.repeat(12)}`;
/** Message n, sent n seconds after 10:00 (platform time 18:00). */
const message = (n: number, mine = false, content = `m${n}`): ChatMessage => ({
  id: id(n),
  mine,
  type: 'text',
  content,
  createtime: `2026-11-25 18:00:${String(n).padStart(2, '0')}`,
  at: `2026-11-25T10:00:${String(n).padStart(2, '0')}.000Z`,
});

describe('chat constants', () => {
  it('agree with the contract (the store keeps its own copy so zod stays out of the first load)', () => {
    expect(CHAT_POLL_MS).toBe(contract.CHAT_POLL_MS);
    expect(RECHECK_AFTER_SEND_MS).toBe(contract.CHAT_RECHECK_AFTER_SEND_MS);
    expect(UNREAD_POLL_MS).toBe(contract.CHAT_UNREAD_POLL_MS);
    expect(SOCKET_RETRY_MS).toBe(contract.CHAT_RECONNECT_MS);
    expect(CLOSE_UNAUTHORISED).toBe(contract.CHAT_CLOSE_UNAUTHORISED);
    expect(CHAT_TEXT_MAX).toBe(contract.CHAT_TEXT_MAX);
    expect(CHAT_PAGE_SIZE).toBe(contract.CHAT_PAGE_SIZE);
    expect({ width: DIALOG_WIDTH, height: DIALOG_HEIGHT }).toEqual(contract.CHAT_WINDOW);
  });

  it('are the spec\'s: 5 s poll, 1 s re-check, 30 s unread poll, 480 x 680', () => {
    expect([CHAT_POLL_MS, RECHECK_AFTER_SEND_MS, UNREAD_POLL_MS, DIALOG_WIDTH, DIALOG_HEIGHT]).toEqual([5000, 1000, 30000, 480, 680]);
  });
});

describe('opening from the query', () => {
  it('customerService or customer-service opens the dialog, unless false or 0', () => {
    expect(wantsCustomerService('?customerService=1')).toBe(true);
    expect(wantsCustomerService('?customer-service')).toBe(true);
    expect(wantsCustomerService('?a=b&customerService=true')).toBe(true);
    expect(wantsCustomerService('?customerService=false')).toBe(false);
    expect(wantsCustomerService('?customer-service=0')).toBe(false);
    expect(wantsCustomerService('')).toBe(false);
    expect(wantsCustomerService('?customerservice=1')).toBe(false);
  });

  it('closing drops the value and keeps the rest', () => {
    expect(withoutCustomerService('?customerService=1')).toBe('');
    expect(withoutCustomerService('?lang=ar&customer-service=1&x=2')).toBe('?lang=ar&x=2');
  });

  it("visitors log in and come back to the page with the dialog open", () => {
    expect(loginPathForChat('/detail/7', '?x=1&customer-service=1')).toBe(`/login?redirect=${encodeURIComponent('/detail/7?x=1&customerService=1')}`);
    expect(loginPathForChat('/index', '')).toBe(`/login?redirect=${encodeURIComponent('/index?customerService=1')}`);
  });
});

describe('the badge', () => {
  it('reads the unread answer like the legacy client (data || 0)', () => {
    expect(unreadCount(3)).toBe(3);
    expect(unreadCount('4')).toBe(4);
    expect(unreadCount(null)).toBe(0);
    expect(unreadCount(undefined)).toBe(0);
    expect(unreadCount(-2)).toBe(0);
    expect(unreadCount('x')).toBe(0);
  });

  it('shows nothing for 0 and 99+ above 99', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('the dialog on screen', () => {
  const large = { width: 1366, height: 900 };
  const small = { width: 360, height: 640 };

  it('opens at 480 x 680 in the bottom corner at the end of the line', () => {
    expect(initialRect(large)).toEqual({ x: 1366 - DIALOG_MARGIN - 480, y: 900 - DIALOG_MARGIN - 680, width: 480, height: 680 });
  });

  it('is clamped to a small viewport', () => {
    const rect = initialRect(small);
    expect(rect).toEqual({ x: DIALOG_MARGIN, y: DIALOG_MARGIN, width: 360 - 2 * DIALOG_MARGIN, height: 640 - 2 * DIALOG_MARGIN });
  });

  it('moves but never leaves the viewport', () => {
    const start = initialRect(large);
    expect(moveRect(start, -100, -50, large)).toEqual({ ...start, x: start.x - 100, y: start.y - 50 });
    expect(moveRect(start, 5000, 5000, large)).toEqual(start);
    expect(moveRect(start, -5000, -5000, large)).toEqual({ ...start, x: DIALOG_MARGIN, y: DIALOG_MARGIN });
  });

  it('resizes from its end corner, between the minimum and the viewport', () => {
    const start = { x: 100, y: 50, width: 480, height: 680 };
    expect(resizeRect(start, 40, 60, large)).toEqual({ ...start, width: 520, height: 740 });
    expect(resizeRect(start, -1000, -1000, large)).toEqual({ ...start, width: DIALOG_MIN_WIDTH, height: DIALOG_MIN_HEIGHT });
    expect(resizeRect(start, 5000, 5000, large)).toEqual({ ...start, width: 1366 - DIALOG_MARGIN - 100, height: 900 - DIALOG_MARGIN - 50 });
  });

  it('a pointer moving left goes forwards along a right-to-left line', () => {
    expect(alongLine(-30, true)).toBe(30);
    expect(alongLine(-30, false)).toBe(-30);
  });

  it('a window that shrank pulls the dialog back in', () => {
    expect(clampRect({ x: 900, y: 300, width: 480, height: 680 }, { width: 1000, height: 700 })).toEqual({ x: 1000 - DIALOG_MARGIN - 480, y: DIALOG_MARGIN, width: 480, height: 700 - 2 * DIALOG_MARGIN });
  });
});

describe('messages', () => {
  it('decodes the legacy URL-encoded text, keeps image URLs and bad escapes as they are', () => {
    expect(
      toChatMessage({ id: id(12), send_receive: 'send', type: 'text', content: encodeURIComponent('Hi 100% ✓\nok'), createtime: '2026-11-25 10:00:00', createdAt: '2026-11-25T02:00:00.000Z' }),
    ).toEqual({ id: id(12), mine: true, type: 'text', content: 'Hi 100% ✓\nok', createtime: '2026-11-25 10:00:00', at: '2026-11-25T02:00:00.000Z' });
    expect(toChatMessage({ id: 13, send_receive: 'receive', type: 'img', content: '/uploads/a%20b.png' })).toEqual({ id: '13', mine: false, type: 'img', content: '/uploads/a%20b.png', createtime: '', at: '' });
    expect(decodeText('50%')).toBe('50%');
  });

  it('merges by id, oldest first by the server\'s time (ids are random), each once, the newer copy winning', () => {
    const merged = mergeMessages([message(9), message(10)], [message(10, false, 'edited'), message(11), message(8)]);
    expect(merged.map((item) => item.content)).toEqual(['m8', 'm9', 'edited', 'm11']);
    // an older page put in front of what is shown
    expect(mergeMessages([message(3), message(4)], [message(5), message(6)]).map((item) => item.id)).toEqual([3, 4, 5, 6].map(id));
    // the same instant: the order they arrived in
    const twin = { ...message(9), id: id(99), content: 'twin' };
    expect(mergeMessages([message(9)], [twin]).map((item) => item.content)).toEqual(['m9', 'twin']);
  });

  it('pages older messages from the oldest shown; catches up from the newest', () => {
    expect(olderPageCursor([])).toBeUndefined();
    expect(olderPageCursor([message(5), message(6)])).toBe(id(5));
    expect(newestId([message(5), message(6)])).toBe(id(6));
  });

  it('Enter sends, Shift+Enter breaks the line, composing text is left alone', () => {
    expect(composerKey({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(composerKey({ key: 'Enter', shiftKey: true })).toBe('newline');
    expect(composerKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('none');
    expect(composerKey({ key: 'a', shiftKey: false })).toBe('none');
  });

  it('sends trimmed text within the limit, URL-encoded; pictures as their URL', () => {
    expect(textToSend('  hello \n')).toBe('hello');
    expect(textToSend('   ')).toBeUndefined();
    expect(textToSend('x'.repeat(CHAT_TEXT_MAX))).toHaveLength(CHAT_TEXT_MAX);
    expect(textToSend('x'.repeat(CHAT_TEXT_MAX + 1))).toBeUndefined();
    expect(sendParams({ type: 'text', content: 'a&b=c 你好' })).toEqual({ type: 'text', content: encodeURIComponent('a&b=c 你好') });
    expect(sendParams({ type: 'img', content: '/uploads/x.png' })).toEqual({ type: 'img', content: '/uploads/x.png' });
  });
});

describe('the socket', () => {
  const page = { protocol: 'http:', hostname: 'shop.example' };

  it('is where the page says: a port on this host, a whole URL, or nowhere', () => {
    expect(chatSocketUrl('5000', page, 't k', 'en')).toBe('ws://shop.example:5000/?token=t+k&lang=en');
    expect(chatSocketUrl('5000', { protocol: 'https:', hostname: 'shop.example' }, 't', 'ar', '42')).toBe('wss://shop.example:5000/?token=t&lang=ar&lastMessageId=42');
    expect(chatSocketUrl('wss://chat.example/socket', page, 't', 'en')).toBe('wss://chat.example/socket?token=t&lang=en');
    expect(chatSocketUrl('', page, 't', 'en')).toBeUndefined();
    expect(chatSocketUrl(null, page, 't', 'en')).toBeUndefined();
    expect(chatSocketUrl('0', page, 't', 'en')).toBeUndefined();
    expect(chatSocketUrl('http://x', page, 't', 'en')).toBeUndefined();
  });

  it('waits 1 s, then longer, at most 30 s, before reconnecting', () => {
    expect([0, 1, 2, 3, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 30000]);
  });

  it('reads the contract\'s server frames', () => {
    const raw = { id: id(7), send_receive: 'receive', content: encodeURIComponent('Hello'), type: 'text', createtime: '2026-11-25 10:00:00', createdAt: '2026-11-25T02:00:00.000Z', read: false, username: 'Ann' } as const;
    // what the server may send: each checked against the contract, extra fields dropped as the server's would be
    const frames = [
      { type: 'welcome', role: 'buyer', partyId: 'p', username: 'u', unread: 2, heartbeatMs: 30000 },
      { type: 'message', conversationId: id(1), userId: '2', message: raw },
      { type: 'missed', messages: [raw], hasMore: true },
      { type: 'unread', count: 0 },
      { type: 'reconnect', afterMs: 1000 },
      { type: 'error', code: '403', errorKey: 'common.not_logged_in', msg: 'Please log in' },
      { type: 'pong' },
    ].map((frame) => contract.chatServerFrame.parse(frame));
    expect(frames.map((frame) => parseFrame(JSON.stringify(frame)))).toEqual([
      { type: 'welcome', unread: 2 },
      { type: 'message', message: { id: id(7), mine: false, type: 'text', content: 'Hello', createtime: '2026-11-25 10:00:00', at: '2026-11-25T02:00:00.000Z' } },
      { type: 'missed', messages: [{ id: id(7), mine: false, type: 'text', content: 'Hello', createtime: '2026-11-25 10:00:00', at: '2026-11-25T02:00:00.000Z' }], hasMore: true },
      { type: 'unread', count: 0 },
      { type: 'reconnect', afterMs: 1000 },
      { type: 'error', code: '403', msg: 'Please log in' },
      undefined,
    ]);
  });

  it('ignores what it cannot read', () => {
    expect(parseFrame('not json')).toBeUndefined();
    expect(parseFrame('null')).toBeUndefined();
    expect(parseFrame(JSON.stringify({ type: 'message', message: { id: 1 } }))).toBeUndefined();
    expect(parseFrame(new ArrayBuffer(2))).toBeUndefined();
    expect(parseFrame(JSON.stringify({ type: 'reconnect', afterMs: 'soon' }))).toEqual({ type: 'reconnect', afterMs: SOCKET_RETRY_MS });
  });
});
