import { Alert, Image, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycView } from '../kyc-rules.ts';

const TAG_COLOR: Record<KycView, string> = { form: 'default', pending: 'processing', passed: 'success', rejected: 'error' };

/** The state of one verification level as a tag (not verified, under review, verified, rejected). */
export function KycStateTag({ view }: { view: KycView }) {
  const { t } = useTranslation('kyc');
  return <Tag color={TAG_COLOR[view]}>{t(`status.${view}`)}</Tag>;
}

/** A submission under review or passed: a heading with its state, a sentence, what was sent. */
export function KycStateCard({ view, title, text, testId, children }: { view: KycView; title: string; text: string; testId: string; children: ReactNode }) {
  return (
    <section className="kyc-card" aria-label={title} data-testid={testId}>
      <h2 className="kyc-section-title">
        {title} <KycStateTag view={view} />
      </h2>
      <p className="kyc-hint">{text}</p>
      {children}
    </section>
  );
}

/** The operator's reason after a refusal; the form below is prefilled to submit again. */
export function KycRejected({ reason }: { reason: string }) {
  const { t } = useTranslation('kyc');
  return (
    <Alert
      type="warning"
      showIcon
      className="kyc-alert"
      data-testid="kyc-rejected"
      title={t('rejected.title')}
      description={
        <>
          <span>{t('rejected.reason')}</span> <span dir="auto">{reason || t('rejected.noReason')}</span>
        </>
      }
    />
  );
}

/** Pictures the user sent (signed URLs, shown to their owner only). */
export function KycPictures({ pictures }: { pictures: { url: string; label: string }[] }) {
  return (
    <Image.PreviewGroup>
      <ul className="kyc-picture-list">
        {pictures
          .filter((picture) => picture.url !== '')
          .map((picture) => (
            <li key={picture.label}>
              <Image src={picture.url} alt={picture.label} width={96} />
            </li>
          ))}
      </ul>
    </Image.PreviewGroup>
  );
}

/** What a submission sent: the level's own fields, when it was sent and its pictures. */
export function KycDetails({ testId, createTime, picturesLabel, pictures, children }: { testId: string; createTime: string; picturesLabel: string; pictures: { url: string; label: string }[]; children: ReactNode }) {
  const { t } = useTranslation('kyc');
  return (
    <dl className="kyc-details" data-testid={testId}>
      {children}
      <div>
        <dt>{t('details.submittedAt')}</dt>
        <dd dir="ltr">{createTime}</dd>
      </div>
      <div className="kyc-details-wide">
        <dt>{picturesLabel}</dt>
        <dd>
          <KycPictures pictures={pictures} />
        </dd>
      </div>
    </dl>
  );
}
