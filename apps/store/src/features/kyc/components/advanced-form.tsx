import { ImageUpload } from '@caravan/ui/image-upload.tsx';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApplyKycHighLevel } from '../../../components/kyc-api.ts';
import { useReviewForm } from '../../../components/review-form.tsx';
import {
  ADDRESS_MAX,
  advancedParams,
  checkAdvancedField,
  CITY_MAX,
  KYC_PICTURE_MAX_MEGABYTES,
  KYC_UPLOAD_MODULE,
  MAX_PROOF_PICTURES,
  type AdvancedField,
  type AdvancedValues,
  type FieldProblem,
} from '../kyc-rules.ts';
import { KycFormCard } from './kyc-level.tsx';

const MB = 1024 * 1024;
const MAX_BY_FIELD: Partial<Record<AdvancedField, number>> = { address: ADDRESS_MAX, city: CITY_MAX };

function problemKey(field: AdvancedField, problem: FieldProblem): string {
  if (problem === 'tooLong') return 'errors.tooLong';
  if (field === 'postcode') return 'errors.postcodeInvalid';
  if (field === 'proof') return 'errors.pictureRequired';
  return `errors.${field}Required`;
}

/** Advanced verification (kycHighLevel!apply): the address and one or two proof-of-address pictures. */
export function AdvancedForm({ viewer, initial, again }: { viewer: string; initial: AdvancedValues; again: boolean }) {
  const { t } = useTranslation('kyc');
  const review = useReviewForm({
    check: checkAdvancedField,
    problemText: (field: AdvancedField, problem: FieldProblem) => t(problemKey(field, problem), { max: MAX_BY_FIELD[field] ?? 0 }),
    params: advancedParams,
    apply: useApplyKycHighLevel(viewer),
    submitted: t('form.submitted'),
  });
  const { rule } = review;

  return (
    <KycFormCard titleId="kyc-advanced-form-title" title={t('form.advancedTitle')} again={again} review={review} initial={initial} submitTestId="kyc-advanced-submit">
      <Form.Item name="address" label={t('form.address')} required rules={rule('address')}>
        <Input maxLength={ADDRESS_MAX} autoComplete="street-address" dir="auto" />
      </Form.Item>
      <div className="kyc-form-grid">
        <Form.Item name="city" label={t('form.city')} required rules={rule('city')}>
          <Input maxLength={CITY_MAX} autoComplete="address-level2" dir="auto" />
        </Form.Item>
        <Form.Item name="postcode" label={t('form.postcode')} rules={rule('postcode')}>
          <Input maxLength={12} autoComplete="postal-code" dir="ltr" />
        </Form.Item>
      </div>
      <Form.Item name="proof" label={t('form.proof')} required rules={rule('proof')} extra={t('form.proofHint', { max: MAX_PROOF_PICTURES, size: KYC_PICTURE_MAX_MEGABYTES })}>
        <ImageUpload moduleName={KYC_UPLOAD_MODULE} maxCount={MAX_PROOF_PICTURES} maxBytes={KYC_PICTURE_MAX_MEGABYTES * MB} inputLabel={t('form.proof')} onUploadingChange={review.trackUpload('proof')} />
      </Form.Item>
    </KycFormCard>
  );
}
