// The floating customer-service dialog (spec §2, §4 "Chat"): over every page, 480 x 680 (or what the
// viewport allows), moved by its title bar and resized by its corner, with the pointer or the arrow
// keys. Keyboard: focus stays inside while it is open (Tab cycles), Escape closes it and the icon that
// opened it gets the focus back. Visitors are told to log in, with a link that brings them back here.
import { CloseOutlined, DragOutlined, ExpandAltOutlined } from '@ant-design/icons';
import type { Locale } from '@caravan/ui/i18n';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { alongLine, clampRect, initialRect, KEYBOARD_STEP, loginPathForChat, moveRect, resizeRect, type Rect, type Viewport } from '../chat-rules.ts';
import { ChatConversation } from './chat-conversation.tsx';
import './chat-dialog.css';

const FOCUSABLE = 'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

function viewport(): Viewport {
  return { width: window.innerWidth, height: window.innerHeight };
}

/** Where the dialog was last left, for the next opening on this page load. */
let lastRect: Rect | undefined;

/** Arrow keys as (along the line, down) steps; the inline arrows follow the reading direction. */
function arrowStep(key: string, rtl: boolean): [number, number] | undefined {
  switch (key) {
    case 'ArrowUp':
      return [0, -KEYBOARD_STEP];
    case 'ArrowDown':
      return [0, KEYBOARD_STEP];
    case 'ArrowLeft':
      return [alongLine(-KEYBOARD_STEP, rtl), 0];
    case 'ArrowRight':
      return [alongLine(KEYBOARD_STEP, rtl), 0];
    default:
      return undefined;
  }
}

export default function ChatDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('chat');
  const { token } = useSession();
  const { pathname, search } = useLocation();
  const rtl = i18n.dir() === 'rtl';
  const titleId = useId();
  const dialog = useRef<HTMLElement>(null);
  const [rect, setRect] = useState<Rect>(() => clampRect(lastRect ?? initialRect(viewport()), viewport()));
  useEffect(() => {
    lastRect = rect;
  }, [rect]);

  // the window shrinks: the dialog stays inside
  useEffect(() => {
    const fit = () => setRect((current) => clampRect(current, viewport()));
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);

  // focus moves in on opening (the message box, or the login link)
  useEffect(() => {
    const root = dialog.current;
    (root?.querySelector<HTMLElement>('[data-autofocus]') ?? root?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  }, [token]);

  const drag = useRef<{ pointerId: number; x: number; y: number; start: Rect; mode: 'move' | 'resize' } | undefined>(undefined);
  const startDrag = (mode: 'move' | 'resize') => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    if (mode === 'move' && (event.target as HTMLElement).closest('button:not(.chat-dialog-move)')) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, start: rect, mode };
  };
  const onDrag = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = alongLine(event.clientX - current.x, rtl);
    const dy = event.clientY - current.y;
    setRect(current.mode === 'move' ? moveRect(current.start, dx, dy, viewport()) : resizeRect(current.start, dx, dy, viewport()));
  };
  const endDrag = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = undefined;
  };
  const keyboard = (mode: 'move' | 'resize') => (event: KeyboardEvent<HTMLElement>) => {
    const step = arrowStep(event.key, rtl);
    if (!step) return;
    event.preventDefault();
    setRect((current) => (mode === 'move' ? moveRect(current, step[0], step[1], viewport()) : resizeRect(current, step[0], step[1], viewport())));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const root = dialog.current;
    // keys from pop-ups rendered elsewhere (the picture preview) are theirs
    if (!root || !root.contains(event.target as Node)) return;
    if (event.key === 'Escape') {
      // an enlarged picture closes first (its preview listens for Escape itself)
      if (root.querySelector('[data-preview-open]')) return;
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.getClientRects().length > 0);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || !root.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <section
      ref={dialog}
      className="chat-dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="chat-dialog"
      style={{ insetInlineStart: rect.x, insetBlockStart: rect.y, inlineSize: rect.width, blockSize: rect.height }}
      onKeyDown={onKeyDown}
    >
      <header className="chat-dialog-header" onPointerDown={startDrag('move')} onPointerMove={onDrag} onPointerUp={endDrag} onPointerCancel={endDrag}>
        <button type="button" className="chat-dialog-tool chat-dialog-move" aria-label={t('dialog.move')} title={t('dialog.move')} onKeyDown={keyboard('move')}>
          <DragOutlined aria-hidden="true" />
        </button>
        <h2 id={titleId} className="chat-dialog-title">
          {t('dialog.title')}
        </h2>
        <button type="button" className="chat-dialog-tool" aria-label={t('dialog.close')} title={t('dialog.close')} data-testid="chat-close" onClick={onClose}>
          <CloseOutlined aria-hidden="true" />
        </button>
      </header>
      {token ? (
        <ChatConversation token={token} locale={i18n.language as Locale} />
      ) : (
        <div className="chat-visitor" data-testid="chat-visitor">
          <p>{t('visitor.text')}</p>
          <Link className="chat-visitor-login" to={loginPathForChat(pathname, search)} onClick={onClose} data-autofocus>
            {t('visitor.login')}
          </Link>
        </div>
      )}
      <button
        type="button"
        className="chat-dialog-resize"
        aria-label={t('dialog.resize')}
        title={t('dialog.resize')}
        onPointerDown={startDrag('resize')}
        onPointerMove={onDrag}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={keyboard('resize')}
      >
        <ExpandAltOutlined aria-hidden="true" />
      </button>
    </section>
  );
}
