import { ImageUpload } from '@caravan/ui/image-upload.tsx';
import { Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../components/feedback.tsx';
import { useApplyKycHighLevel } from '../../../components/kyc-api.ts';
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
  const message = useMessage();
  const [form] = Form.useForm<AdvancedValues>();
  const apply = useApplyKycHighLevel(viewer);
  const [uploading, setUploading] = useState(false);

  const rule = (field: AdvancedField): Rule[] => [
    {
      validator: () => {
        const problem = checkAdvancedField(field, form.getFieldsValue(true) as AdvancedValues);
        return problem ? Promise.reject(new Error(t(problemKey(field, problem), { max: MAX_BY_FIELD[field] ?? 0 }))) : Promise.resolve();
      },
    },
  ];

  const submit = async (values: AdvancedValues) => {
    const result = advancedParams(values);
    if (!result.ok || uploading) return;
    try {
      await apply.mutateAsync(result.params);
      void message.success(t('form.submitted'));
    } catch {
      // the API client has shown the server's translated message
    }
  };

  return (
    <section className="kyc-card" aria-labelledby="kyc-advanced-form-title">
      <h2 id="kyc-advanced-form-title" className="kyc-section-title">
        {again ? t('form.againTitle') : t('form.advancedTitle')}
      </h2>
      <p className="kyc-hint">{t('form.privacy')}</p>
      <Form<AdvancedValues> form={form} layout="vertical" className="kyc-form" requiredMark="optional" initialValues={initial} onFinish={(values) => void submit(values)} scrollToFirstError>
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
          <ImageUpload moduleName={KYC_UPLOAD_MODULE} maxCount={MAX_PROOF_PICTURES} maxBytes={KYC_PICTURE_MAX_MEGABYTES * MB} inputLabel={t('form.proof')} onUploadingChange={setUploading} />
        </Form.Item>
        <div className="kyc-submit">
          <Button type="primary" size="large" htmlType="submit" loading={apply.isPending} disabled={uploading} data-testid="kyc-advanced-submit">
            {again ? t('form.submitAgain') : t('form.submit')}
          </Button>
          {uploading ? (
            <span className="kyc-hint" role="status">
              {t('form.waitForUploads')}
            </span>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
