import { ImageUpload } from '@caravan/ui/image-upload.tsx';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select.tsx';
import { useApplyKyc } from '../../../components/kyc-api.ts';
import { useReviewForm } from '../../../components/review-form.tsx';
import { checkRealNameField, DOCUMENT_TYPES, KYC_PICTURE_MAX_MEGABYTES, KYC_UPLOAD_MODULE, NAME_MAX, realNameParams, type FieldProblem, type RealNameField, type RealNameValues } from '../kyc-rules.ts';
import { KycFormCard } from './kyc-level.tsx';

const MB = 1024 * 1024;
const PICTURES = [
  { name: 'front', label: 'form.front' },
  { name: 'back', label: 'form.back' },
  { name: 'hand', label: 'form.hand' },
] as const;

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
  const review = useReviewForm({
    check: checkRealNameField,
    problemText: (field: RealNameField, problem: FieldProblem) => t(problemKey(field, problem), { max: NAME_MAX }),
    params: realNameParams,
    apply: useApplyKyc(viewer),
    submitted: t('form.submitted'),
  });
  const { rule } = review;

  return (
    <KycFormCard titleId="kyc-form-title" title={t('form.realNameTitle')} again={again} review={review} initial={initial} submitTestId="kyc-submit">
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
            <ImageUpload moduleName={KYC_UPLOAD_MODULE} maxCount={1} maxBytes={KYC_PICTURE_MAX_MEGABYTES * MB} inputLabel={t(picture.label)} onUploadingChange={review.trackUpload(picture.name)} />
          </Form.Item>
        ))}
      </div>
    </KycFormCard>
  );
}
