import { CONVERSATION_STATES } from '@caravan/contract/chat';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Empty, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionButton } from '../../components/decision-button.tsx';
import { ClearableSelect, QueueDrawer, QueuePage, StateFilter, useStateQueue } from '../../components/queue-page.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { errorText } from '../../lib/api.ts';
import { Time } from '../../lib/format.tsx';
import { useCan } from '../../lib/session.ts';
import { conversationQuery, conversationsQuery, useChatAction, type Conversation } from './api.ts';

const FILTERS = ['state', 'assignee', 'buyer'] as const;
const REPLY_MAX = 2_000;

function waiting(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The customer-service inbox: unread first, then the longest waiting; a drawer to read and answer. */
export default function ChatPage() {
  const { t } = useTranslation(['chat', 'queues', 'common']);
  const { list, state, params } = useStateQueue(FILTERS, 'open');
  const query = useQuery(conversationsQuery(params));

  return (
    <QueuePage<Conversation>
      title={t('chat:title')}
      query={query}
      list={list}
      // the inbox refreshes itself: keep the rows on screen meanwhile
      quietRefresh
      autoSizeChanger
      columns={[
        {
          title: t('chat:fields.buyer'),
          dataIndex: 'username',
          render: (value: string, row) => (
            <Space>
              <Link to={list.hrefFor(row.id)}>{value}</Link>
              {row.unread > 0 ? <Badge count={row.unread} title={t('chat:unread', { count: row.unread })} /> : null}
            </Space>
          ),
        },
        { title: t('chat:fields.last'), render: (_, row) => <Typography.Text ellipsis style={{ maxWidth: 360 }}>{row.lastMessage ? row.lastMessage.text : '--'}</Typography.Text> },
        { title: t('chat:fields.waiting'), dataIndex: 'waitingSeconds', render: (seconds: number) => (seconds > 0 ? waiting(seconds) : '--') },
        { title: t('chat:fields.assignee'), dataIndex: 'assigneeName', render: (value: string) => value || '--' },
        { title: t('queues:fields.state'), dataIndex: 'state', render: (value: string) => <StateTag state={value === 'open' ? 'pending' : 'completed'} /> },
      ]}
      filters={
        <>
          <StateFilter value={state} states={CONVERSATION_STATES} label={(value) => t(`chat:states.${value}`)} onChange={(value) => list.update({ state: value })} />
          <ClearableSelect
            label={t('chat:filters.assignee')}
            width={180}
            value={list.filter.assignee}
            onChange={(value) => list.update({ assignee: value })}
            options={[
              { value: 'me', label: t('chat:filters.me') },
              { value: 'unassigned', label: t('chat:filters.unassigned') },
            ]}
          />
          <Input.Search aria-label={t('chat:filters.buyer')} placeholder={t('chat:filters.buyer')} allowClear defaultValue={list.filter.buyer} onSearch={(value) => list.update({ buyer: value.trim() })} style={{ width: 240 }} />
        </>
      }
      drawer={<ConversationDrawer id={list.selected} onClose={() => list.select(undefined)} />}
    />
  );
}

function ConversationDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t } = useTranslation(['chat', 'queues', 'common']);
  const can = useCan();
  const { message } = App.useApp();
  const one = useQuery({ ...conversationQuery(id ?? ''), enabled: id !== undefined });
  const conversation = one.data;
  const act = useChatAction(id ?? '');
  const [draft, setDraft] = useState('');
  // the server sends the newest first; a conversation reads from the top
  const messages = [...(conversation?.messages.items ?? [])].reverse();

  const send = async () => {
    const text = draft.trim();
    if (!text) return;
    try {
      await act.mutateAsync({ kind: 'reply', text });
      setDraft('');
    } catch (error) {
      void message.error(errorText(error, t));
    }
  };

  return (
    <QueueDrawer id={id} onClose={onClose} size={640} query={one} title={(conversation) => t('chat:detail', { name: conversation.username })}>
      {(conversation) => (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {can('chat.reply') ? (
            <Space wrap>
              {!conversation.assigneeId ? (
                <Button onClick={() => void act.mutateAsync({ kind: 'assign' }).catch((error: unknown) => message.error(errorText(error, t)))}>{t('chat:actions.assignMe')}</Button>
              ) : null}
              {conversation.state === 'open' ? (
                <DecisionButton label={t('chat:actions.close')} title={t('chat:actions.closeTitle')} successText={t('chat:actions.closed')} onConfirm={() => act.mutateAsync({ kind: 'close' })} />
              ) : (
                <DecisionButton label={t('chat:actions.reopen')} title={t('chat:actions.reopenTitle')} successText={t('chat:actions.reopened')} onConfirm={() => act.mutateAsync({ kind: 'reopen' })} />
              )}
            </Space>
          ) : null}
          {messages.length === 0 ? (
            <Empty description={t('chat:empty')} />
          ) : (
            <List
              aria-label={t('chat:messages')}
              dataSource={messages}
              renderItem={(item) => (
                <List.Item style={{ justifyContent: item.from === 'operator' ? 'flex-end' : 'flex-start' }}>
                  <div style={{ maxWidth: '80%', textAlign: item.from === 'operator' ? 'end' : 'start' }}>
                    <Typography.Text strong>{item.from === 'operator' ? item.operatorName || t('chat:operator') : conversation.username}</Typography.Text>{' '}
                    <Typography.Text type="secondary">
                      <Time value={item.at} />
                    </Typography.Text>
                    <div>{item.type === 'img' ? <img src={item.text} alt={t('chat:picture')} style={{ maxWidth: 240 }} /> : <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{item.text}</Typography.Paragraph>}</div>
                  </div>
                </List.Item>
              )}
            />
          )}
          {can('chat.reply') ? (
            <Space.Compact style={{ width: '100%' }}>
              <Input.TextArea aria-label={t('chat:reply')} placeholder={t('chat:reply')} value={draft} maxLength={REPLY_MAX} autoSize={{ minRows: 2, maxRows: 6 }} onChange={(event) => setDraft(event.target.value)} />
              <Button type="primary" loading={act.isPending} disabled={!draft.trim()} onClick={() => void send()}>
                {t('chat:send')}
              </Button>
            </Space.Compact>
          ) : null}
        </Space>
      )}
    </QueueDrawer>
  );
}
