import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select.tsx';
import { ReviewSubmit, useReviewForm } from '../../../components/review-form.tsx';
import { ImageUpload } from '@caravan/ui/image-upload.tsx';
import { useApplySettle } from '../api/settle-status.ts';
import {
  checkSettleField,
  CONTACT_NAME_MAX,
  DESCRIPTION_MAX,
  DOCUMENT_MAX_MEGABYTES,
  DOCUMENT_MODULE,
  EMAIL_MAX,
  LOGO_MAX_MEGABYTES,
  LOGO_MODULE,
  MAX_DOCUMENTS,
  PHONE_MAX,
  PHONE_MIN_DIGITS,
  settleParams,
  SHOP_NAME_MAX,
  type SettleField,
  type SettleProblem,
  type SettleValues,
} from '../settle-rules.ts';

const MB = 1024 * 1024;
const MAX_BY_FIELD: Partial<Record<SettleField, number>> = {
  shopName: SHOP_NAME_MAX,
  contactName: CONTACT_NAME_MAX,
  description: DESCRIPTION_MAX,
  documents: MAX_DOCUMENTS,
};

/** The message of a field's problem: lengths and counts share one text, the rest say what is missing. */
function errorKey(field: SettleField, problem: SettleProblem): string {
  if (problem === 'tooLong') return 'form.errors.tooLong';
  if (problem === 'tooMany') return 'form.errors.tooMany';
  return problem === 'invalid' ? `form.errors.${field}Invalid` : `form.errors.${field}`;
}

/**
 * The settle-in application (merchantSettled!apply): shop name and logo, contact, phone, e-mail, country,
 * business description and 1-6 supporting documents. Checked here as the contract does; the server checks
 * again and its translated message is shown by the API client. Submitting waits for every upload.
 */
export function SettleForm({ viewer, initial, again }: { viewer: string; initial: SettleValues; again: boolean }) {
  const { t } = useTranslation('sellers');
  const review = useReviewForm({
    check: checkSettleField,
    problemText: (field: SettleField, problem: SettleProblem) => t(errorKey(field, problem), { max: MAX_BY_FIELD[field] ?? 0, min: PHONE_MIN_DIGITS }),
    params: settleParams,
    apply: useApplySettle(viewer),
    submitted: t('form.submitted'),
  });
  const { rule } = review;

  return (
    <section className="settle-card" aria-labelledby="settle-form-title">
      <h2 id="settle-form-title" className="settle-section-title">
        {again ? t('form.againTitle') : t('form.title')}
      </h2>
      <p className="settle-hint">{t('form.intro')}</p>
      <Form<SettleValues> form={review.form} layout="vertical" requiredMark="optional" initialValues={initial} onFinish={review.onFinish} scrollToFirstError>
        <h3 className="settle-subtitle">{t('form.shop')}</h3>
        <Form.Item name="shopName" label={t('form.shopName')} required rules={rule('shopName')}>
          <Input maxLength={SHOP_NAME_MAX} autoComplete="organization" dir="auto" />
        </Form.Item>
        <Form.Item name="logo" label={t('form.logo')} required rules={rule('logo')} extra={t('form.logoHint', { size: LOGO_MAX_MEGABYTES })}>
          <ImageUpload
            moduleName={LOGO_MODULE}
            maxCount={1}
            maxBytes={LOGO_MAX_MEGABYTES * MB}
            inputLabel={t('form.logo')}
            onUploadingChange={review.trackUpload('logo')}
          />
        </Form.Item>

        <h3 className="settle-subtitle">{t('form.contact')}</h3>
        <div className="settle-form-grid">
          <Form.Item name="contactName" label={t('form.contactName')} required rules={rule('contactName')}>
            <Input maxLength={CONTACT_NAME_MAX} autoComplete="name" dir="auto" />
          </Form.Item>
          <Form.Item name="phone" label={t('form.phone')} required rules={rule('phone')}>
            <Input type="tel" maxLength={PHONE_MAX} autoComplete="tel" dir="ltr" inputMode="tel" />
          </Form.Item>
          <Form.Item name="email" label={t('form.email')} required rules={rule('email')}>
            <Input type="email" maxLength={EMAIL_MAX} autoComplete="email" dir="ltr" />
          </Form.Item>
          <Form.Item name="countryId" label={t('form.country')} required rules={rule('countryId')}>
            <CountrySelect placeholder={t('form.countryPlaceholder')} notFoundContent={t('form.noMatch')} />
          </Form.Item>
        </div>

        <h3 className="settle-subtitle">{t('form.business')}</h3>
        <Form.Item name="description" label={t('form.description')} required rules={rule('description')}>
          <Input.TextArea rows={5} maxLength={DESCRIPTION_MAX} showCount dir="auto" placeholder={t('form.descriptionPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="documents"
          label={t('form.documents')}
          required
          rules={rule('documents')}
          extra={t('form.documentsHint', { max: MAX_DOCUMENTS, size: DOCUMENT_MAX_MEGABYTES })}
        >
          <ImageUpload
            moduleName={DOCUMENT_MODULE}
            maxCount={MAX_DOCUMENTS}
            maxBytes={DOCUMENT_MAX_MEGABYTES * MB}
            onUploadingChange={review.trackUpload('documents')}
          />
        </Form.Item>

        <ReviewSubmit
          review={review}
          label={again ? t('form.applyAgain') : t('form.apply')}
          waitText={t('form.waitForUploads')}
          className="settle-submit"
          hintClassName="settle-hint"
          testId="settle-submit"
        />
      </Form>
    </section>
  );
}
