import { money } from '@caravan/contract/money';
import { formatAmount } from '@caravan/ui/format';
import { Button, Checkbox, Form, Input, Radio } from 'antd';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNumberLocale } from '@caravan/ui/amount.tsx';
import { CountrySelect } from '../../../components/country-select.tsx';
import { useMessage } from '../../../components/feedback.tsx';
import { ImageUpload } from '@caravan/ui/image-upload.tsx';
import { LinkAlert } from '../../../components/link-alert.tsx';
import { platformTimeZone } from '../../../lib/settings.ts';
import { afterFailure, intentFor, newIntentKey, type Intent } from '../../cart/lib/intent-key.ts';
import { useApplyCredit } from '../api/apply-credit.ts';
import { useCreditCheck } from '../api/get-credit-check.ts';
import {
  amountRange,
  applyParams,
  checkApplyAmount,
  costDisclosure,
  CREDIT_MY_LOAN_PATH,
  ID_PHOTO_MAX_MEGABYTES,
  ID_PHOTO_MODULE,
  IDENTIFICATION_MAX,
  isLendableTerm,
  LOAN_CURRENCY,
  normaliseAmountInput,
  REAL_NAME_MAX,
  termOptions,
  type ApplicationValues,
} from '../credit-rules.ts';
import type { CreditConfig } from '../types.ts';
import { CostDisclosurePanel } from './cost-disclosure.tsx';

/** The agreement's dialog (and antd's Modal) load when someone first opens it, not with the page. */
const AgreementModal = lazy(async () => ({ default: (await import('./agreement-modal.tsx')).AgreementModal }));

const PHOTOS = [
  { name: 'imgCertificateFace', label: 'form.photoFront' },
  { name: 'imgCertificateBack', label: 'form.photoBack' },
  { name: 'imgCertificateHand', label: 'form.photoHand' },
] as const;
type PhotoField = (typeof PHOTOS)[number]['name'];

/**
 * The application (API reference §9 credit!apply): amount and term with what they cost, identity,
 * nationality, the three ID photos and the agreement. Submitting waits for the photos to be stored and
 * is closed while credit!check says an earlier loan is unfinished.
 */
export function ApplicationForm({ config, initial, creditId }: { config: CreditConfig; initial: ApplicationValues; creditId: string | undefined }) {
  const { t } = useTranslation('credit');
  const locale = useNumberLocale();
  const message = useMessage();
  const navigate = useNavigate();
  const [form] = Form.useForm<ApplicationValues>();
  const check = useCreditCheck();
  const apply = useApplyCredit();
  const intent = useRef<Intent | undefined>(undefined);
  const [uploading, setUploading] = useState<Record<PhotoField, boolean>>({ imgCertificateFace: false, imgCertificateBack: false, imgCertificateHand: false });
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [agreementLoaded, setAgreementLoaded] = useState(false);

  const amountText = Form.useWatch('applyAmount', form);
  const days = Form.useWatch('creditPeriod', form);
  const terms = useMemo(() => termOptions(config), [config]);
  const range = amountRange(config);
  const whole = (value: typeof range.min) => formatAmount(money.format(value, { minDecimals: 0 }), locale, 0);
  const cost = costDisclosure({ amount: amountText, days }, config, { now: new Date(), timeZone: platformTimeZone() });

  const anyUploading = Object.values(uploading).some(Boolean);
  const blocked = check.data === false;
  const noTerms = terms.every((term) => !term.enabled);

  const submit = async (values: ApplicationValues) => {
    const result = applyParams(values, config, creditId);
    if (!result.ok || anyUploading || blocked) return;
    // one idempotency key per application: a retry after no answer reuses it, anything else is new
    intent.current = intentFor(intent.current, JSON.stringify(result.params), () => newIntentKey());
    try {
      await apply.mutateAsync({ params: result.params, idempotencyKey: intent.current.key });
      void message.success(t('form.submitted'));
      void navigate(CREDIT_MY_LOAN_PATH);
    } catch (error) {
      // the API client has shown the server's message; an answered refusal ends this intent
      intent.current = afterFailure(intent.current, error);
    }
  };

  return (
    <section className="credit-card" aria-labelledby="credit-form-title">
      <h2 id="credit-form-title" className="credit-section-title">
        {creditId ? t('form.reapplyTitle') : t('form.title')}
      </h2>
      {blocked ? (
        <LinkAlert
          title={t('form.unfinished')}
          to={CREDIT_MY_LOAN_PATH}
          linkText={t('tabs.myLoan')}
          className="credit-alert"
          linkClassName="credit-link-button"
          testId="credit-unfinished"
        />
      ) : null}
      <Form<ApplicationValues>
        form={form}
        layout="vertical"
        className="credit-form"
        requiredMark="optional"
        initialValues={initial}
        onFinish={(values) => void submit(values)}
        scrollToFirstError
      >
        <Form.Item
          name="applyAmount"
          label={t('form.amount')}
          required
          extra={t('form.amountRange', { min: whole(range.min), max: whole(range.max) })}
          normalize={(value: string) => normaliseAmountInput(value ?? '')}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const result = checkApplyAmount(value, config);
                if (result.ok) return Promise.resolve();
                return Promise.reject(new Error(t(`form.amountProblem.${result.problem}`, { min: whole(range.min), max: whole(range.max) })));
              },
            },
          ]}
        >
          <Input inputMode="numeric" autoComplete="off" dir="ltr" suffix={<span dir="ltr">{LOAN_CURRENCY}</span>} placeholder={t('form.amountPlaceholder')} />
        </Form.Item>

        <Form.Item
          name="creditPeriod"
          label={t('form.term')}
          required
          extra={noTerms ? t('form.noTerms') : t('form.termHint')}
          rules={[{ validator: (_, value: number | undefined) => (isLendableTerm(value, terms) ? Promise.resolve() : Promise.reject(new Error(t('form.termRequired')))) }]}
        >
          <Radio.Group
            optionType="button"
            className="credit-terms"
            options={terms.map((term) => ({ value: term.days, label: <span data-days={term.days}>{t('form.days', { count: term.days })}</span>, disabled: !term.enabled }))}
          />
        </Form.Item>

        <CostDisclosurePanel config={config} cost={cost} />

        <h3 className="credit-subtitle">{t('form.identity')}</h3>
        <div className="credit-form-grid">
          <Form.Item
            name="realName"
            label={t('form.realName')}
            required
            rules={[{ required: true, whitespace: true, message: t('form.realNameRequired') }, { max: REAL_NAME_MAX, message: t('form.tooLong', { max: REAL_NAME_MAX }) }]}
          >
            <Input maxLength={REAL_NAME_MAX} autoComplete="name" dir="auto" />
          </Form.Item>
          <Form.Item
            name="identification"
            label={t('form.identification')}
            required
            rules={[{ required: true, whitespace: true, message: t('form.identificationRequired') }, { max: IDENTIFICATION_MAX, message: t('form.tooLong', { max: IDENTIFICATION_MAX }) }]}
          >
            <Input maxLength={IDENTIFICATION_MAX} autoComplete="off" dir="ltr" />
          </Form.Item>
          <Form.Item name="countryId" label={t('form.nationality')} required rules={[{ required: true, message: t('form.nationalityRequired') }]}>
            <CountrySelect placeholder={t('form.nationalityPlaceholder')} notFoundContent={t('form.noMatch')} />
          </Form.Item>
        </div>

        <h3 className="credit-subtitle">{t('form.photos')}</h3>
        <p className="credit-hint">{t('form.photosHint', { size: ID_PHOTO_MAX_MEGABYTES })}</p>
        <div className="credit-photos">
          {PHOTOS.map((photo) => (
            <Form.Item
              key={photo.name}
              name={photo.name}
              label={t(photo.label)}
              required
              rules={[{ validator: (_, value: string[] | undefined) => ((value ?? []).length > 0 ? Promise.resolve() : Promise.reject(new Error(t('form.photoRequired')))) }]}
            >
              <ImageUpload
                moduleName={ID_PHOTO_MODULE}
                maxCount={1}
                maxBytes={ID_PHOTO_MAX_MEGABYTES * 1024 * 1024}
                inputLabel={t(photo.label)}
                onUploadingChange={(busy) => setUploading((current) => (current[photo.name] === busy ? current : { ...current, [photo.name]: busy }))}
              />
            </Form.Item>
          ))}
        </div>

        <Form.Item
          name="agreed"
          valuePropName="checked"
          rules={[{ validator: (_, value: boolean | undefined) => (value ? Promise.resolve() : Promise.reject(new Error(t('form.agreementRequired')))) }]}
          className="credit-agreement-item"
        >
          <Checkbox>{t('form.agree')}</Checkbox>
        </Form.Item>
        <Button
          type="link"
          className="credit-agreement-link"
          onClick={() => {
            setAgreementLoaded(true);
            setAgreementOpen(true);
          }}
        >
          {t('form.readAgreement')}
        </Button>

        <div className="credit-submit">
          <Button type="primary" size="large" htmlType="submit" loading={apply.isPending} disabled={anyUploading || blocked} data-testid="credit-submit">
            {creditId ? t('form.reapply') : t('form.submit')}
          </Button>
          {anyUploading ? (
            <span className="credit-hint" role="status">
              {t('form.waitForPhotos')}
            </span>
          ) : null}
        </div>
      </Form>
      {agreementLoaded ? (
        <Suspense fallback={null}>
          <AgreementModal
            open={agreementOpen}
            onClose={() => setAgreementOpen(false)}
            onAgree={() => {
              form.setFieldsValue({ agreed: true });
              void form.validateFields(['agreed']);
              setAgreementOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
