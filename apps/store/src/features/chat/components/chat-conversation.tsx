// The conversation inside the dialog: the messages (newest at the bottom; scrolling to the top loads the
// older ones), and the composer (Enter sends, Shift+Enter breaks the line; a picture is checked, stored
// through uploadimg!execute, then sent as an image message).
import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import type { Locale } from '@caravan/ui/i18n';
import { Button, Image, Spin } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../components/feedback.tsx';
import { checkImageFile, sniffImageType } from '@caravan/ui/image-upload.tsx';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { uploadChatImage } from '../api/send-message.ts';
import { CHAT_IMAGE_MAX_BYTES, CHAT_TEXT_MAX, composerKey, textToSend } from '../chat-rules.ts';
import { useConversation } from '../use-conversation.ts';

/** Within this many pixels of an end counts as being there. */
const NEAR_EDGE_PX = 48;

function MessageList({ conversation }: { conversation: ReturnType<typeof useConversation> }) {
  const { t } = useTranslation('chat');
  const { messages, ready, failed, loadingOlder, complete, loadOlder, retry } = conversation;
  const log = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const seen = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  /** the picture shown enlarged (antd's preview, opened from the message's button) */
  const [preview, setPreview] = useState<string | undefined>(undefined);

  // new messages at the bottom keep the view at the bottom (if it was there, or they are the buyer's
  // own); older ones added on top keep what the buyer was reading in place
  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const first = messages[0]?.id;
    const last = messages.at(-1);
    const before = seen.current;
    if (before.first !== undefined && first !== before.first && last?.id === before.last) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last?.id !== before.last && (atBottom.current || last?.mine || before.last === undefined)) {
      element.scrollTop = element.scrollHeight;
      atBottom.current = true;
    }
    seen.current = { first, last: last?.id, height: element.scrollHeight };
  }, [messages]);

  const onScroll = () => {
    const element = log.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_EDGE_PX;
    seen.current.height = element.scrollHeight;
    if (element.scrollTop < NEAR_EDGE_PX) void loadOlder();
  };
  const keepBottom = () => {
    const element = log.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
    if (element) seen.current.height = element.scrollHeight;
  };

  return (
    <div ref={log} className="chat-log" role="log" aria-label={t('list.label')} tabIndex={0} onScroll={onScroll} data-testid="chat-log" data-preview-open={preview ? 'true' : undefined}>
      {loadingOlder ? (
        <p className="chat-note" role="status">
          <Spin size="small" /> {t('list.loadingOlder')}
        </p>
      ) : complete && messages.length > 0 ? (
        <p className="chat-note">{t('list.beginning')}</p>
      ) : null}
      {!ready ? (
        <p className="chat-note" role="status">
          <Spin size="small" /> {t('list.loading')}
        </p>
      ) : null}
      {failed ? (
        <p className="chat-note">
          {t('list.failed')}{' '}
          <Button size="small" onClick={retry}>
            {t('list.retry')}
          </Button>
        </p>
      ) : null}
      {ready && !failed && messages.length === 0 ? <p className="chat-note">{t('list.empty')}</p> : null}
      <ol className="chat-messages">
        {messages.map((message) => (
          <li key={message.id} className={`chat-message ${message.mine ? 'chat-message-mine' : 'chat-message-theirs'}`} data-message-id={message.id} data-from={message.mine ? 'buyer' : 'service'}>
            <span className="visually-hidden">{message.mine ? t('message.you') : t('message.service')}</span>
            <div className="chat-bubble">
              {message.type === 'img' ? (
                <button type="button" className="chat-image-button" aria-label={t('message.enlarge')} data-testid="chat-image" onClick={() => setPreview(message.content)}>
                  <img src={message.content} alt={t('message.image')} className="chat-image" onLoad={keepBottom} />
                </button>
              ) : (
                <p className="chat-text" dir="auto">
                  {message.content}
                </p>
              )}
            </div>
            <span className="chat-time">
              <PlatformTime value={message.createtime} />
            </span>
          </li>
        ))}
      </ol>
      {preview ? (
        <Image
          rootClassName="visually-hidden"
          src={preview}
          alt={t('message.image')}
          preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(undefined) }}
        />
      ) : null}
    </div>
  );
}

function Composer({ conversation }: { conversation: ReturnType<typeof useConversation> }) {
  const { t } = useTranslation('chat');
  const toast = useMessage();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const text = textToSend(draft);

  const sendText = async () => {
    if (!text || sending) return;
    setSending(true);
    const sent = await conversation.send({ type: 'text', content: text });
    setSending(false);
    if (sent) setDraft('');
  };

  const sendImage = async (file: File) => {
    const problem = checkImageFile(file, CHAT_IMAGE_MAX_BYTES) ?? (sniffImageType(new Uint8Array(await file.slice(0, 8).arrayBuffer())) ? undefined : 'type');
    if (problem === 'type') {
      void toast.error(t('image.invalidType', { name: file.name }));
      return;
    }
    if (problem === 'size') {
      void toast.error(t('image.tooLarge', { name: file.name, size: CHAT_IMAGE_MAX_BYTES / (1024 * 1024) }));
      return;
    }
    setUploading(true);
    try {
      const url = await uploadChatImage(file);
      await conversation.send({ type: 'img', content: url });
    } catch {
      // the API client has shown the server's reason
    } finally {
      setUploading(false);
    }
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void sendText();
      }}
    >
      <label className={`chat-composer-image${uploading ? ' chat-composer-image-busy' : ''}`} title={t('composer.image')}>
        <input
          type="file"
          className="visually-hidden"
          accept="image/jpeg,image/png"
          aria-label={t('composer.image')}
          data-testid="chat-image-input"
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void sendImage(file);
          }}
        />
        {uploading ? <Spin size="small" /> : <PictureOutlined aria-hidden="true" />}
      </label>
      <textarea
        className="chat-composer-text"
        data-testid="chat-input"
        data-autofocus
        rows={2}
        maxLength={CHAT_TEXT_MAX}
        aria-label={t('composer.label')}
        placeholder={t('composer.placeholder')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (composerKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing }) !== 'send') return;
          event.preventDefault();
          void sendText();
        }}
      />
      <Button type="primary" htmlType="submit" icon={<SendOutlined aria-hidden="true" />} loading={sending} disabled={!text} data-testid="chat-send">
        {t('composer.send')}
      </Button>
      <span className="visually-hidden" role="status">
        {uploading ? t('image.uploading') : ''}
      </span>
    </form>
  );
}

export function ChatConversation({ token, locale }: { token: string; locale: Locale }) {
  const conversation = useConversation(token, locale);
  return (
    <>
      <MessageList conversation={conversation} />
      <Composer conversation={conversation} />
    </>
  );
}
