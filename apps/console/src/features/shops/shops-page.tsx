import { SHOP_STATES } from '@caravan/contract/catalog-console';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionButton } from '../../components/decision-button.tsx';
import { QueueDrawer, QueuePage, StateFilter, useStateQueue } from '../../components/queue-page.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { Time } from '../../lib/format.tsx';
import { useCan } from '../../lib/session.ts';
import { shopsQuery, useShopDecision, type Shop } from './api.ts';

const FILTERS = ['state', 'q'] as const;

/** Shops by state and name; an admin suspends an open shop or reopens a suspended one, with a reason. */
export default function ShopsPage() {
  const { t } = useTranslation(['catalog', 'queues', 'common']);
  const { list, state, params } = useStateQueue(FILTERS, 'all');
  const query = useQuery(shopsQuery(params));
  const open = query.data?.items.find((shop) => shop.id === list.selected);

  return (
    <QueuePage<Shop>
      title={t('catalog:shops.title')}
      query={query}
      list={list}
      columns={[
        { title: t('catalog:shops.name'), dataIndex: 'name', render: (name: string, row) => <Link to={list.hrefFor(row.id)}>{name}</Link> },
        { title: t('catalog:shops.owner'), dataIndex: 'ownerName' },
        { title: t('catalog:fields.state'), dataIndex: 'status', render: (status: string) => <StateTag state={status} /> },
        { title: t('catalog:shops.visibleListings'), dataIndex: 'visibleListings', align: 'right' },
        { title: t('catalog:shops.createdAt'), dataIndex: 'createdAt', render: (value: string) => <Time value={value} /> },
      ]}
      filters={
        <>
          <StateFilter value={state} states={SHOP_STATES} label={(value) => t(`common:states.${value}`)} onChange={(value) => list.update({ state: value })} />
          <Input.Search aria-label={t('catalog:shops.search')} placeholder={t('catalog:shops.search')} allowClear defaultValue={list.filter.q} onSearch={(value) => list.update({ q: value.trim() })} style={{ width: 280 }} />
        </>
      }
      drawer={<ShopDrawer id={list.selected} shop={open} onClose={() => list.select(undefined)} />}
    />
  );
}

/** A shop from the list page (the list holds everything there is to show) and what may be done to it. */
function ShopDrawer({ id, shop, onClose }: { id: string | undefined; shop: Shop | undefined; onClose: () => void }) {
  const { t } = useTranslation(['catalog', 'queues', 'common']);
  const can = useCan();
  const decide = useShopDecision();
  const reason = { name: 'reason', label: t('queues:fields.reason'), required: true, multiline: true };
  return (
    <QueueDrawer id={id} onClose={onClose} size={560} query={{ data: shop, error: null }} title={(row) => t('catalog:shops.detail', { name: row.name })}>
      {(row) => (
        <>
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('catalog:fields.state')}>
              <StateTag state={row.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('catalog:shops.owner')}>{`${row.ownerName} (${row.id})`}</Descriptions.Item>
            <Descriptions.Item label={t('catalog:shops.visibleListings')}>{row.visibleListings}</Descriptions.Item>
            <Descriptions.Item label={t('catalog:shops.createdAt')}>
              <Time value={row.createdAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('catalog:shops.updatedAt')}>
              <Time value={row.updatedAt} />
            </Descriptions.Item>
          </Descriptions>
          {can('catalog.write') && row.status === 'open' ? (
            <DecisionButton danger label={t('catalog:shops.suspend')} title={t('catalog:shops.suspendTitle', { name: row.name })} description={t('catalog:shops.suspendText')} fields={[reason]} successText={t('catalog:shops.suspended')} onConfirm={(values) => decide.mutateAsync({ id: row.id, decision: 'suspend', reason: values.reason ?? '' })} />
          ) : null}
          {can('catalog.write') && row.status === 'suspended' ? (
            <DecisionButton label={t('catalog:shops.reopen')} title={t('catalog:shops.reopenTitle', { name: row.name })} description={t('catalog:shops.reopenText')} fields={[reason]} successText={t('catalog:shops.reopened')} onConfirm={(values) => decide.mutateAsync({ id: row.id, decision: 'reopen', reason: values.reason ?? '' })} />
          ) : null}
        </>
      )}
    </QueueDrawer>
  );
}
