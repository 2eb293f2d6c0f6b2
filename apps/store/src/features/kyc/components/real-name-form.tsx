import { ImageUpload } from '@caravan/ui/image-upload.tsx';
import { Button, Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select.tsx';
import { useMessage } from '../../../components/feedback.tsx';
import { useApplyKyc } from '../../../components/kyc-api.ts';
import { checkRealNameField, DOCUMENT_TYPES, KYC_PICTURE_MAX_MEGABYTES, KYC_UPLOAD_MODULE, NAME_MAX, realNameParams, type FieldProblem, type RealNameField, type RealNameValues } from '../kyc-rules.ts';

const MB = 1024 * 1024;
const PICTURES = [
  { name: 'front', label: 'form.front' },
  { name: 'back', label: 'form.back' },
  { name: 'hand', label: 'form.hand' },
] as const;
type PictureField = (typeof PICTURES)[number]['name'];

function problemKey(field: RealNameField, problem: FieldProblem): string {
  if (problem === 'tooLong') return 'errors.tooLong';
  if (field === 'front' || field === 'back' || field === 'hand') return 'errors.pictureRequired';
  if (field === 'idnumber' && problem === 'invalid') return 'errors.documentNumberInvalid';
  return `errors.${field}Required`;
}

/**
 * Real-name verification (kyc!apply): name, nationality, document type and number, and three pictures
 * (front, back, held in hand) uploaded privately. Submitting waits for every upload.
 */
export function RealNameForm({ viewer, initial, again }: { viewer: string; initial: RealNameValues; again: boolean }) {
  const { t } = useTranslation('kyc');
  const message = useMessage();
  const [form] = Form.useForm<RealNameValues>();
  const apply = useApplyKyc(viewer);
  const [uploading, setUploading] = useState<Record<PictureField, boolean>>({ front: false, back: false, hand: false });
  const anyUploading = Object.values(uploading).some(Boolean);

  const rule = (field: RealNameField): Rule[] => [
    {
      validator: () => {
        const problem = checkRealNameField(field, form.getFieldsValue(true) as RealNameValues);
        return problem ? Promise.reject(new Error(t(problemKey(field, problem), { max: NAME_MAX }))) : Promise.resolve();
      },
    },
  ];

  const submit = async (values: RealNameValues) => {
    const result = realNameParams(values);
    if (!result.ok || anyUploading) return;
    try {
      await apply.mutateAsync(result.params);
      void message.success(t('form.submitted'));
    } catch {
      // the API client has shown the server's translated message
    }
  };

  return (
    <section className="kyc-card" aria-labelledby="kyc-form-title">
      <h2 id="kyc-form-title" className="kyc-section-title">
        {again ? t('form.againTitle') : t('form.realNameTitle')}
      </h2>
      <p className="kyc-hint">{t('form.privacy')}</p>
      <Form<RealNameValues> form={form} layout="vertical" className="kyc-form" requiredMark="optional" initialValues={initial} onFinish={(values) => void submit(values)} scrollToFirstError>
        <div className="kyc-form-grid">
          <Form.Item name="name" label={t('form.name')} required rules={rule('name')} extra={t('form.nameHint')}>
            <Input maxLength={NAME_MAX} autoComplete="name" dir="auto" />
          </Form.Item>
          <Form.Item name="nationality" label={t('form.nationality')} required rules={rule('nationality')}>
            <CountrySelect placeholder={t('form.nationalityPlaceholder')} notFoundContent={t('form.noMatch')} />
          </Form.Item>
          <Form.Item name="idname" label={t('form.documentType')} required rules={rule('idname')}>
            <Select placeholder={t('form.documentTypePlaceholder')} options={DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`documentTypes.${type}`) }))} />
          </Form.Item>
          <Form.Item name="idnumber" label={t('form.documentNumber')} required rules={rule('idnumber')}>
            <Input maxLength={40} autoComplete="off" dir="ltr" />
          </Form.Item>
        </div>
        <p className="kyc-hint">{t('form.picturesHint', { size: KYC_PICTURE_MAX_MEGABYTES })}</p>
        <div className="kyc-pictures">
          {PICTURES.map((picture) => (
            <Form.Item key={picture.name} name={picture.name} label={t(picture.label)} required rules={rule(picture.name)}>
              <ImageUpload
                moduleName={KYC_UPLOAD_MODULE}
                maxCount={1}
                maxBytes={KYC_PICTURE_MAX_MEGABYTES * MB}
                inputLabel={t(picture.label)}
                onUploadingChange={(busy) => setUploading((current) => (current[picture.name] === busy ? current : { ...current, [picture.name]: busy }))}
              />
            </Form.Item>
          ))}
        </div>
        <div className="kyc-submit">
          <Button type="primary" size="large" htmlType="submit" loading={apply.isPending} disabled={anyUploading} data-testid="kyc-submit">
            {again ? t('form.submitAgain') : t('form.submit')}
          </Button>
          {anyUploading ? (
            <span className="kyc-hint" role="status">
              {t('form.waitForUploads')}
            </span>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
