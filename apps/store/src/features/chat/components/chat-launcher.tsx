// The header's customer-service and chat icons with their unread badges (spec §2 "Global chrome"): the
// count is asked every 30 s while logged in; either icon, or the page's `customerService` /
// `customer-service` query value, opens the floating dialog. The dialog and what it needs load on first
// use (and are prefetched when the pointer or focus reaches an icon), so the shell stays light.
import { CustomerServiceOutlined, MessageOutlined } from '@ant-design/icons';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { useUnread } from '../api/get-unread.ts';
import { badgeText, wantsCustomerService, withoutCustomerService } from '../chat-rules.ts';
import './chat-launcher.css';

const loadDialog = () => import('./chat-dialog.tsx');
const ChatDialog = lazy(loadDialog);

function HeaderIcon({ label, icon, count, open, testId, onOpen }: { label: string; icon: ReactNode; count: number; open: boolean; testId: string; onOpen: (opener: HTMLElement) => void }) {
  const prefetch = () => void loadDialog().catch(() => undefined);
  const badge = badgeText(count);
  return (
    <button
      type="button"
      className="header-icon"
      data-testid={testId}
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={(event) => onOpen(event.currentTarget)}
    >
      {icon}
      {badge ? (
        <span className="header-icon-badge" data-testid={`${testId}-badge`} aria-hidden="true">
          {badge}
        </span>
      ) : null}
    </button>
  );
}

export function ChatLauncher() {
  const { t } = useTranslation('common');
  const { token } = useSession();
  const unread = useUnread();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const fromQuery = wantsCustomerService(search);
  const [open, setOpen] = useState(false);
  // while the dialog is open the buyer is reading: it marks what arrives read, so no badge meanwhile
  const count = token && !open ? (unread.data ?? 0) : 0;
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!fromQuery) return;
    setWanted(true);
    setOpen(true);
  }, [fromQuery]);

  const show = (from: HTMLElement) => {
    opener.current = from;
    setWanted(true);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    // closing forgets the query value, so a reload does not open the dialog again
    if (fromQuery) void navigate({ pathname, search: withoutCustomerService(search) }, { replace: true });
    opener.current?.focus();
  };

  return (
    <>
      <HeaderIcon
        testId="customer-service"
        label={count > 0 ? t('header.customerServiceUnread', { count }) : t('header.customerService')}
        icon={<CustomerServiceOutlined aria-hidden="true" />}
        count={count}
        open={open}
        onOpen={show}
      />
      <HeaderIcon
        testId="chat-messages"
        label={count > 0 ? t('header.messagesUnread', { count }) : t('header.messages')}
        icon={<MessageOutlined aria-hidden="true" />}
        count={count}
        open={open}
        onOpen={show}
      />
      {wanted && open ? (
        <Suspense fallback={null}>
          <ChatDialog onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
