import { LANGUAGE_NAMES, type Locale } from '@caravan/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { errorText } from '../../lib/api.ts';
import { Time } from '../../lib/format.tsx';
import { informationOverviewQuery, type InformationOverview } from './api.ts';

type Row = InformationOverview['items'][number];

export const informationEditorPath = (slug: string, locale: string) => `${PATHS.information}/${encodeURIComponent(slug)}/${encodeURIComponent(locale)}`;

/** The store's information pages with the languages each has a version in; English is every page's fallback. */
export default function InformationPage() {
  const { t } = useTranslation(['catalog', 'common']);
  const query = useQuery(informationOverviewQuery);
  const english = (row: Row) => row.translations.find((version) => version.locale === 'en');
  return (
    <>
      <PageHeader title={t('catalog:information.title')} />
      <Typography.Paragraph type="secondary">{t('catalog:information.lead')}</Typography.Paragraph>
      {query.error ? <Alert type="error" showIcon title={errorText(query.error, t)} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Table<Row>
        rowKey="slug"
        loading={query.isPending}
        dataSource={query.data?.items ?? []}
        pagination={false}
        columns={[
          {
            title: t('catalog:information.page'),
            dataIndex: 'slug',
            render: (slug: string, row) => (
              <Space direction="vertical" size={0}>
                <Link to={informationEditorPath(slug, 'en')}>{english(row)?.title ?? slug}</Link>
                <Typography.Text type="secondary" code>
                  /information/{slug}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('catalog:information.languages'),
            dataIndex: 'translations',
            render: (translations: Row['translations'], row) => (
              <Space size={[4, 4]} wrap>
                {translations.map((version) => (
                  <Link key={version.locale} to={informationEditorPath(row.slug, version.locale)}>
                    <Tag color={version.locale === 'en' ? 'blue' : 'default'}>{LANGUAGE_NAMES[version.locale as Locale] ?? version.locale}</Tag>
                  </Link>
                ))}
              </Space>
            ),
          },
          {
            title: t('catalog:information.updatedAt'),
            dataIndex: 'translations',
            key: 'updatedAt',
            render: (translations: Row['translations']) => {
              const latest = [...translations].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
              return latest ? <Time value={latest.updatedAt} /> : '--';
            },
          },
        ]}
      />
    </>
  );
}
