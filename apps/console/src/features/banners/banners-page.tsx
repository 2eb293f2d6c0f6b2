import { BANNER_PLACEMENTS, bannerLink } from '@caravan/contract/catalog-console';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Image, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionButton, type DecisionField } from '../../components/decision-button.tsx';
import { useListParams } from '../../components/list-params.ts';
import { ClearableSelect, QueueDrawer, QueuePage } from '../../components/queue-page.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { Time } from '../../lib/format.tsx';
import { useCan } from '../../lib/session.ts';
import { bannersQuery, uploadBannerImage, useBannerChange, type Banner, type BannerInput } from './api.ts';

const FILTERS = ['type'] as const;

/** The store's banners by placement, in the order the store shows them; admin adds, edits, orders and deletes them. */
export default function BannersPage() {
  const { t } = useTranslation(['catalog', 'queues', 'common']);
  const can = useCan();
  const list = useListParams(FILTERS);
  const query = useQuery(bannersQuery({ ...list.filter, page: list.page, pageSize: list.pageSize }));
  const change = useBannerChange();
  const fields = useBannerFields();
  const placement = (type: string) => t(`catalog:banners.placements.${type}`, { defaultValue: type });

  return (
    <QueuePage<Banner>
      title={t('catalog:banners.title')}
      extra={
        can('catalog.write') ? (
          <DecisionButton primary label={t('catalog:banners.add')} title={t('catalog:banners.addTitle')} fields={fields()} successText={t('catalog:banners.saved')} onConfirm={(values) => change.mutateAsync({ kind: 'create', body: bannerInput(values) })} />
        ) : null
      }
      query={query}
      list={list}
      columns={[
        { title: t('catalog:banners.picture'), dataIndex: 'imgUrl', render: (url: string, row) => <Image src={url} width={120} alt={row.title || placement(row.type)} preview={false} /> },
        { title: t('catalog:banners.bannerTitle'), dataIndex: 'title', render: (title: string, row) => <Link to={list.hrefFor(row.id)}>{title || t('catalog:banners.untitled')}</Link> },
        { title: t('catalog:banners.placement'), dataIndex: 'type', render: placement },
        { title: t('catalog:banners.order'), dataIndex: 'sort', align: 'right', render: (sort: number) => sort + 1 },
        { title: t('catalog:banners.link'), dataIndex: 'link', render: (link: string) => (link ? <Typography.Text code>{link}</Typography.Text> : '--') },
        { title: t('catalog:fields.state'), dataIndex: 'enabled', render: (enabled: boolean) => <StateTag state={enabled ? 'shown' : 'hidden'} /> },
      ]}
      filters={<ClearableSelect label={t('catalog:banners.placement')} width={200} value={list.filter.type} onChange={(value) => list.update({ type: value })} options={BANNER_PLACEMENTS.map((value) => ({ value, label: placement(value) }))} />}
      drawer={<BannerDrawer id={list.selected} banners={query.data?.items ?? []} onClose={() => list.select(undefined)} />}
    />
  );
}

/** The dialog fields of a banner, filled with one when given. */
function useBannerFields() {
  const { t } = useTranslation(['catalog', 'queues']);
  return (banner?: Banner): DecisionField[] => [
    { name: 'imgUrl', label: t('catalog:banners.picture'), required: true, image: uploadBannerImage, ...(banner ? { initialValue: banner.imgUrl } : {}) },
    { name: 'type', label: t('catalog:banners.placement'), required: true, initialValue: banner?.type ?? BANNER_PLACEMENTS[0], options: BANNER_PLACEMENTS.map((value) => ({ value, label: t(`catalog:banners.placements.${value}`) })) },
    { name: 'imgType', label: t('catalog:banners.shape'), initialValue: banner?.imgType ?? '0', options: ['0', '1'].map((value) => ({ value, label: t(`catalog:banners.shapes.${value}`) })) },
    { name: 'title', label: t('catalog:banners.bannerTitle'), max: 100, initialValue: banner?.title ?? '' },
    {
      name: 'link',
      label: t('catalog:banners.link'),
      initialValue: banner?.link ?? '',
      rules: [{ validator: async (_rule, value: string | undefined) => (bannerLink.safeParse(value ?? '').success ? undefined : Promise.reject(new Error(t('catalog:banners.linkRule')))) }],
    },
    { name: 'enabled', label: t('catalog:fields.state'), initialValue: String(banner?.enabled ?? true), options: [{ value: 'true', label: t('common:states.shown') }, { value: 'false', label: t('common:states.hidden') }] },
    { name: 'reason', label: t('queues:fields.reason'), multiline: true },
  ];
}

function bannerInput(values: Record<string, string>): BannerInput {
  return {
    type: (values.type ?? 'pc_home') as BannerInput['type'],
    imgType: (values.imgType ?? '0') as BannerInput['imgType'],
    imgUrl: values.imgUrl ?? '',
    link: values.link ?? '',
    title: values.title ?? '',
    enabled: values.enabled !== 'false',
    ...(values.reason ? { reason: values.reason } : {}),
  };
}

function BannerDrawer({ id, banners, onClose }: { id: string | undefined; banners: Banner[]; onClose: () => void }) {
  const { t } = useTranslation(['catalog', 'queues', 'common']);
  const can = useCan();
  const change = useBannerChange();
  const fields = useBannerFields();
  const banner = banners.find((row) => row.id === id);
  const placement = banner ? banners.filter((row) => row.type === banner.type) : [];
  const index = banner ? placement.indexOf(banner) : -1;
  const name = (row: Banner) => row.title || t('catalog:banners.untitled');

  return (
    <QueueDrawer id={id} onClose={onClose} size={560} query={{ data: banner, error: null }} title={(row) => t('catalog:banners.detail', { title: name(row) })}>
      {(row) => (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Image src={row.imgUrl} alt={name(row)} width={480} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('catalog:banners.placement')}>{t(`catalog:banners.placements.${row.type}`, { defaultValue: row.type })}</Descriptions.Item>
            <Descriptions.Item label={t('catalog:banners.shape')}>{t(`catalog:banners.shapes.${row.imgType}`, { defaultValue: row.imgType })}</Descriptions.Item>
            <Descriptions.Item label={t('catalog:banners.link')}>{row.link || '--'}</Descriptions.Item>
            <Descriptions.Item label={t('catalog:fields.state')}>
              <StateTag state={row.enabled ? 'shown' : 'hidden'} />
            </Descriptions.Item>
            <Descriptions.Item label={t('catalog:banners.createdAt')}>
              <Time value={row.createdAt} />
            </Descriptions.Item>
          </Descriptions>
          {can('catalog.write') ? (
            <Space wrap>
              <DecisionButton primary label={t('catalog:banners.edit')} title={t('catalog:banners.editTitle', { title: name(row) })} fields={fields(row)} successText={t('catalog:banners.saved')} onConfirm={(values) => change.mutateAsync({ kind: 'update', id: row.id, body: bannerInput(values) })} />
              {index > 0 ? <DecisionButton label={t('catalog:order.up')} title={t('catalog:order.upTitle', { name: name(row), other: name(placement[index - 1] as Banner) })} successText={t('catalog:order.moved')} onConfirm={() => change.mutateAsync({ kind: 'move', id: row.id, direction: 'up' })} /> : null}
              {index >= 0 && index < placement.length - 1 ? <DecisionButton label={t('catalog:order.down')} title={t('catalog:order.downTitle', { name: name(row), other: name(placement[index + 1] as Banner) })} successText={t('catalog:order.moved')} onConfirm={() => change.mutateAsync({ kind: 'move', id: row.id, direction: 'down' })} /> : null}
              <DecisionButton
                danger
                label={t('catalog:banners.delete')}
                title={t('catalog:banners.deleteTitle', { title: name(row) })}
                fields={[{ name: 'reason', label: t('queues:fields.reason'), required: true, multiline: true }]}
                successText={t('catalog:banners.deleted')}
                onConfirm={async (values) => {
                  await change.mutateAsync({ kind: 'delete', id: row.id, reason: values.reason ?? '' });
                  onClose();
                }}
              />
            </Space>
          ) : null}
        </Space>
      )}
    </QueueDrawer>
  );
}
