// The chat socket while the dialog is open (port 5000, or what the server wrote into the page's
// `caravan:chat-socket` meta tag). It reports whether it is connected, so the dialog polls only while it
// is not; a closed socket is opened again after 1 s, then longer (a `reconnect` frame says how long), and
// asks for what it missed (`lastMessageId`). A refused login (4401) is not retried: polling carries on
// and the API's 403 ends the session.
import { useEffect, useRef, useState } from 'react';
import { chatSocketUrl, CLOSE_UNAUTHORISED, parseFrame, reconnectDelay, type ChatFrame } from './chat-rules.ts';

export const CHAT_SOCKET_META = 'caravan:chat-socket';

function socketMeta(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${CHAT_SOCKET_META}"]`)?.content ?? null;
}

export interface ChatSocketOptions {
  token: string | null;
  /** the request language code (`lang`) */
  lang: string;
  /** the newest message shown: a reconnecting socket catches up from there */
  lastId: () => string | undefined;
  onFrame: (frame: ChatFrame) => void;
}

/** True while the socket is open. */
export function useChatSocket({ token, lang, lastId, onFrame }: ChatSocketOptions): boolean {
  const [connected, setConnected] = useState(false);
  const handlers = useRef({ lastId, onFrame });
  handlers.current = { lastId, onFrame };

  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return undefined;
    const meta = socketMeta();
    if (!chatSocketUrl(meta, window.location, token, lang)) return undefined;
    let socket: WebSocket | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let nextDelay: number | undefined;
    let stopped = false;

    const connect = () => {
      const url = chatSocketUrl(meta, window.location, token, lang, handlers.current.lastId());
      if (!url || stopped) return;
      try {
        socket = new WebSocket(url);
      } catch {
        // refused before connecting (the page's content security policy): polling it is
        return;
      }
      socket.onopen = () => {
        attempt = 0;
        setConnected(true);
      };
      socket.onmessage = (event: MessageEvent) => {
        const frame = parseFrame(event.data);
        if (!frame) return;
        if (frame.type === 'reconnect') nextDelay = frame.afterMs;
        handlers.current.onFrame(frame);
      };
      socket.onclose = (event: CloseEvent) => {
        setConnected(false);
        socket = undefined;
        if (stopped || event.code === CLOSE_UNAUTHORISED) return;
        const delay = nextDelay ?? reconnectDelay(attempt);
        nextDelay = undefined;
        attempt += 1;
        timer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (socket) {
        const closing = socket;
        closing.onclose = null;
        closing.onmessage = null;
        // closed while still connecting, the browser reports an error: close once it is open instead
        if (closing.readyState === WebSocket.CONNECTING) closing.onopen = () => closing.close(1000, 'closed');
        else closing.close(1000, 'closed');
      }
      setConnected(false);
    };
  }, [token, lang]);

  return connected;
}
