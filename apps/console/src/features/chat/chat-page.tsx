import { CONVERSATION_STATES } from '@caravan/contract/chat';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Drawer, Empty, Input, List, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionButton } from '../../components/decision-button.tsx';
import { useListParams } from '../../components/list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
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
  const list = useListParams(FILTERS);
  const state = list.filter.state ?? 'open';
  const query = useQuery(conversationsQuery({ ...list.filter, state: state === 'all' ? undefined : state, page: list.page, pageSize: list.pageSize }));

  return (
    <>
      <PageHeader title={t('chat:title')} />
      <Space wrap className="console-filters">
        <Select
          aria-label={t('queues:filters.state')}
          style={{ width: 160 }}
          value={state}
          onChange={(value: string) => list.update({ state: value })}
          options={[{ value: 'all', label: t('queues:filters.all') }, ...CONVERSATION_STATES.map((value) => ({ value, label: t(`chat:states.${value}`) }))]}
        />
        <Select
          aria-label={t('chat:filters.assignee')}
          placeholder={t('chat:filters.assignee')}
          allowClear
          style={{ width: 180 }}
          value={list.filter.assignee}
          onChange={(value: string | undefined) => list.update({ assignee: value })}
          options={[
            { value: 'me', label: t('chat:filters.me') },
            { value: 'unassigned', label: t('chat:filters.unassigned') },
          ]}
        />
        <Input.Search aria-label={t('chat:filters.buyer')} placeholder={t('chat:filters.buyer')} allowClear defaultValue={list.filter.buyer} onSearch={(value) => list.update({ buyer: value.trim() })} style={{ width: 240 }} />
      </Space>
      {query.error ? <Alert type="error" showIcon title={errorText(query.error, t)} /> : null}
      <Table<Conversation>
        rowKey="id"
        size="middle"
        loading={query.isFetching && !query.data}
        dataSource={query.data?.items ?? []}
        onRow={(row) => ({ onClick: () => list.select(row.id) })}
        pagination={{ current: list.page, pageSize: list.pageSize, total: query.data?.total ?? 0, showTotal: (total) => t('common:table.total', { total }), onChange: (page, pageSize) => list.update({ page, pageSize }) }}
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
      />
      <ConversationDrawer id={list.selected} onClose={() => list.select(undefined)} />
    </>
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
    <Drawer open={id !== undefined} onClose={onClose} size={640} title={conversation ? t('chat:detail', { name: conversation.username }) : t('common:loading')} destroyOnHidden>
      {one.error ? <Alert type="error" showIcon title={errorText(one.error, t)} /> : null}
      {conversation ? (
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
      ) : null}
    </Drawer>
  );
}
