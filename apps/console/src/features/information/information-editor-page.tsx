import { INFORMATION_BODY_MAX, INFORMATION_FALLBACK_LOCALE, INFORMATION_TITLE_MAX } from '@caravan/contract/information';
import { LANGUAGE_NAMES, LOCALES, isRtl, type Locale } from '@caravan/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Form, Input, Row, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { DecisionButton } from '../../components/decision-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { errorText } from '../../lib/api.ts';
import { Time } from '../../lib/format.tsx';
import { useCan } from '../../lib/session.ts';
import { informationOverviewQuery, informationPageQuery, informationPreviewQuery, useInformationChange, type InformationPage } from './api.ts';
import { informationEditorPath } from './information-page.tsx';
import { useDebounced } from '@caravan/ui/use-debounced';

/** How long the editor waits after the last keystroke before asking the server for a preview. */
const PREVIEW_DELAY_MS = 400;

/** The HTML the store will show, rendered and sanitised by the server (the same renderer as the store's). */
function Preview({ title, body, locale }: { title: string; body: string; locale: string }) {
  const { t } = useTranslation(['catalog', 'common']);
  const source = useDebounced(body, PREVIEW_DELAY_MS);
  const preview = useQuery(informationPreviewQuery(source));
  return (
    <Card title={t('catalog:information.preview')} size="small">
      <div lang={locale} dir={isRtl(locale) ? 'rtl' : 'ltr'} className="console-information-preview">
        <Typography.Title level={3}>{title}</Typography.Title>
        {preview.error ? <Alert type="error" showIcon title={errorText(preview.error, t)} /> : null}
        {/* sanitised by the server: allow-listed tags, http(s)/mailto/tel/store links only */}
        <div dangerouslySetInnerHTML={{ __html: preview.data?.html ?? '' }} />
      </div>
    </Card>
  );
}

function Editor({ slug, locale, version, base, languageName, pageName }: { slug: string; locale: Locale; version: InformationPage | null; base: InformationPage | null; languageName: string; pageName: string }) {
  const { t } = useTranslation(['catalog', 'queues', 'common']);
  const can = useCan();
  const navigate = useNavigate();
  const change = useInformationChange();
  const writable = can('information.write');
  // a new translation starts from the English text
  const [title, setTitle] = useState(version?.title ?? base?.title ?? '');
  const [body, setBody] = useState(version?.body ?? base?.body ?? '');
  const reason = [{ name: 'reason', label: t('queues:fields.reason'), multiline: true }];
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={12}>
        <Form layout="vertical" disabled={!writable}>
          <Form.Item label={t('catalog:information.pageTitle')} htmlFor="information-title" required>
            <Input id="information-title" value={title} maxLength={INFORMATION_TITLE_MAX} showCount onChange={(event) => setTitle(event.target.value)} lang={locale} dir={isRtl(locale) ? 'rtl' : 'ltr'} />
          </Form.Item>
          <Form.Item label={t('catalog:information.body')} htmlFor="information-body" required extra={t('catalog:information.bodyHelp')}>
            <Input.TextArea id="information-body" value={body} maxLength={INFORMATION_BODY_MAX} autoSize={{ minRows: 16, maxRows: 40 }} onChange={(event) => setBody(event.target.value)} lang={locale} dir={isRtl(locale) ? 'rtl' : 'ltr'} />
          </Form.Item>
        </Form>
        {writable ? (
          <Space wrap>
            <DecisionButton
              primary
              label={t('catalog:information.save')}
              title={t('catalog:information.saveTitle', { page: pageName, language: languageName })}
              description={t('catalog:information.saveText')}
              fields={reason}
              successText={t('catalog:information.saved')}
              onConfirm={(values) => change.mutateAsync({ kind: 'save', slug, locale, title, body, ...(values.reason ? { reason: values.reason } : {}) })}
            />
            {version && locale !== INFORMATION_FALLBACK_LOCALE ? (
              <DecisionButton
                danger
                label={t('catalog:information.delete')}
                title={t('catalog:information.deleteTitle', { page: pageName, language: languageName })}
                description={t('catalog:information.deleteText')}
                fields={reason}
                successText={t('catalog:information.deleted')}
                onConfirm={async (values) => {
                  await change.mutateAsync({ kind: 'delete', slug, locale, ...(values.reason ? { reason: values.reason } : {}) });
                  void navigate(informationEditorPath(slug, INFORMATION_FALLBACK_LOCALE));
                }}
              />
            ) : null}
          </Space>
        ) : null}
      </Col>
      <Col xs={24} xl={12}>
        <Preview title={title} body={body} locale={locale} />
      </Col>
    </Row>
  );
}

/** One information page in one language: its Markdown beside the store's view of it. */
export default function InformationEditorPage() {
  const { t } = useTranslation(['catalog', 'common']);
  const navigate = useNavigate();
  const params = useParams();
  const slug = params.slug ?? '';
  const locale = (LOCALES as readonly string[]).includes(params.locale ?? '') ? (params.locale as Locale) : INFORMATION_FALLBACK_LOCALE;
  const overview = useQuery(informationOverviewQuery);
  const item = overview.data?.items.find((row) => row.slug === slug);
  const versions = new Set(item?.translations.map((version) => version.locale) ?? []);
  const exists = versions.has(locale);
  const version = useQuery({ ...informationPageQuery(slug, locale, exists), enabled: overview.isSuccess });
  const english = useQuery({ ...informationPageQuery(slug, INFORMATION_FALLBACK_LOCALE, versions.has(INFORMATION_FALLBACK_LOCALE)), enabled: overview.isSuccess && !exists });
  const pageName = item?.translations.find((row) => row.locale === INFORMATION_FALLBACK_LOCALE)?.title ?? slug;
  const languageName = LANGUAGE_NAMES[locale];
  const error = overview.error ?? version.error ?? english.error;
  const ready = overview.isSuccess && version.isSuccess && (exists || !english.isPending);

  return (
    <>
      <PageHeader title={t('catalog:information.editTitle', { page: pageName })} extra={<Link to={PATHS.information}>{t('catalog:information.back')}</Link>} />
      <Space wrap style={{ marginBottom: 16 }}>
        <label htmlFor="information-language">{t('catalog:information.language')}</label>
        <Select
          id="information-language"
          style={{ minWidth: 240 }}
          value={locale}
          showSearch
          optionFilterProp="label"
          onChange={(next: string) => void navigate(informationEditorPath(slug, next))}
          options={LOCALES.map((value) => ({ value, label: versions.has(value) ? `${LANGUAGE_NAMES[value]} · ${t('catalog:information.hasVersion')}` : LANGUAGE_NAMES[value] }))}
        />
        {version.data ? (
          <Typography.Text type="secondary">
            {t('catalog:information.lastChange')} <Time value={version.data.updatedAt} />
          </Typography.Text>
        ) : null}
      </Space>
      {error ? <Alert type="error" showIcon title={errorText(error, t)} role="alert" style={{ marginBottom: 16 }} /> : null}
      {overview.isSuccess && !item ? <Alert type="warning" showIcon title={t('catalog:information.unknown')} /> : null}
      {ready && item && !exists ? <Alert type="info" showIcon title={t('catalog:information.noVersion', { language: languageName })} style={{ marginBottom: 16 }} /> : null}
      {!ready && !error ? <Spin style={{ display: 'block', margin: '48px auto' }} /> : null}
      {ready && item ? (
        <Editor key={`${slug}/${locale}/${version.data?.updatedAt ?? 'new'}`} slug={slug} locale={locale} version={version.data ?? null} base={english.data ?? null} languageName={languageName} pageName={pageName} />
      ) : null}
    </>
  );
}
