// The buyer's conversation while the dialog is open (spec §4 "Chat"): the newest page on opening (the
// list call marks it read, so the badge clears), older pages on demand (`message_id`), live messages
// from the socket, and while the socket is down a poll every 5 s; after a send, a look 1 s later.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { REQUEST_CODES, type Locale } from '@caravan/contract/languages';
import { useViewerKey } from '../../lib/session.ts';
import { chatKeys } from './api/chat-keys.ts';
import { getMessages } from './api/get-messages.ts';
import { sendMessage } from './api/send-message.ts';
import { CHAT_PAGE_SIZE, CHAT_POLL_MS, mergeMessages, newestId, olderPageCursor, RECHECK_AFTER_SEND_MS, type ChatFrame } from './chat-rules.ts';
import type { ChatMessage } from './types.ts';
import { useChatSocket } from './use-chat-socket.ts';

export interface Conversation {
  messages: ChatMessage[];
  /** the first page has arrived (or failed) */
  ready: boolean;
  failed: boolean;
  loadingOlder: boolean;
  /** every older page has been read */
  complete: boolean;
  live: boolean;
  loadOlder: () => Promise<void>;
  send: (message: { type: 'text' | 'img'; content: string }) => Promise<boolean>;
  retry: () => void;
}

export function useConversation(token: string, locale: Locale): Conversation {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [complete, setComplete] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const viewer = useViewerKey();
  const markRead = useCallback(() => queryClient.setQueryData(chatKeys.unread(viewer), 0), [queryClient, viewer]);

  /** The newest page again, merged in (reading it marks it read). */
  const refresh = useCallback(async () => {
    try {
      const latest = await getMessages(undefined, { silent: true });
      if (!alive.current) return;
      setMessages((current) => mergeMessages(current, latest));
      markRead();
    } catch {
      // the next poll or frame tries again
    }
  }, [markRead]);

  // the first page (again after a failure, with "try again")
  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    getMessages()
      .then((first) => {
        if (cancelled) return;
        setMessages((current) => mergeMessages(current, first));
        if (first.length < CHAT_PAGE_SIZE) setComplete(true);
        setReady(true);
        markRead();
      })
      .catch(() => {
        if (cancelled) return;
        setFailed(true);
        setReady(true);
      });
    return () => {
      cancelled = true;
    };
  }, [attempt, markRead]);

  const readSoon = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(readSoon.current), []);
  const onFrame = useCallback(
    (frame: ChatFrame) => {
      if (frame.type === 'message' || frame.type === 'missed') {
        const incoming = frame.type === 'message' ? [frame.message] : frame.messages;
        setMessages((current) => mergeMessages(current, incoming));
        // customer service wrote while the buyer is looking: read the list once, which marks it read
        if (incoming.some((message) => !message.mine) || (frame.type === 'missed' && frame.hasMore)) {
          clearTimeout(readSoon.current);
          readSoon.current = setTimeout(() => void refresh(), 300);
        }
      } else if (frame.type === 'unread' || frame.type === 'welcome') {
        const count = frame.type === 'unread' ? frame.count : frame.unread;
        if (count > 0) {
          clearTimeout(readSoon.current);
          readSoon.current = setTimeout(() => void refresh(), 300);
        } else {
          markRead();
        }
      }
    },
    [markRead, refresh],
  );

  const live = useChatSocket({ token, lang: REQUEST_CODES[locale], lastId: () => newestId(messagesRef.current), onFrame });

  // no socket: the list every 5 s (spec §9); on reconnecting, one look for what came meanwhile
  useEffect(() => {
    if (!ready || failed) return undefined;
    if (live) {
      void refresh();
      return undefined;
    }
    const timer = setInterval(() => void refresh(), CHAT_POLL_MS);
    return () => clearInterval(timer);
  }, [live, ready, failed, refresh]);

  const recheck = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(recheck.current), []);
  const send = useCallback(
    async (message: { type: 'text' | 'img'; content: string }) => {
      try {
        await sendMessage(message);
      } catch {
        // the API client has shown the server's reason; the draft stays
        return false;
      }
      clearTimeout(recheck.current);
      recheck.current = setTimeout(() => void refresh(), RECHECK_AFTER_SEND_MS);
      return true;
    },
    [refresh],
  );

  const olderRunning = useRef(false);
  const loadOlder = useCallback(async () => {
    const cursor = olderPageCursor(messagesRef.current);
    if (olderRunning.current || complete || !cursor) return;
    olderRunning.current = true;
    setLoadingOlder(true);
    try {
      const older = await getMessages(cursor, { silent: true });
      if (!alive.current) return;
      if (older.length < CHAT_PAGE_SIZE) setComplete(true);
      if (older.length > 0) setMessages((current) => mergeMessages(older, current));
    } catch {
      // scrolling up again tries again
    } finally {
      olderRunning.current = false;
      if (alive.current) setLoadingOlder(false);
    }
  }, [complete]);

  return { messages, ready, failed, loadingOlder, complete, live, loadOlder, send, retry: () => setAttempt((n) => n + 1) };
}
