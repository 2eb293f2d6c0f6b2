// The profit and discount fields of a listing (adding goods, editing one), checked as typed with the
// listing rules, and the prices they lead to.
import { Amount } from '@caravan/ui/amount.tsx';
import { readPlatformTimeZone } from '@caravan/ui/format';
import { Checkbox, Descriptions, Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DiscountParams, ProductParams } from './api.ts';
import { checkDiscount, checkProfit, checkWindow, localToPlatform, previewPrices, ratioToPercent, type PercentCheck } from './listing-rules.ts';

export interface PricingValues {
  profit?: string;
  discountOn?: boolean;
  discount?: string;
  /** datetime-local values, the seller's own time */
  start?: string;
  end?: string;
}

export function platformZone(): string {
  return readPlatformTimeZone(document);
}

/** The ratios to send, or undefined while a field is wrong. */
export function readPricing(values: PricingValues, params: ProductParams | undefined): { percent: string; discount?: DiscountParams } | undefined {
  const profit = checkProfit(values.profit, params ?? {});
  if (!profit.ok) return undefined;
  if (!values.discountOn) return { percent: profit.ratio };
  const discount = checkDiscount(values.discount, params?.discountMax);
  const startTime = localToPlatform(values.start, platformZone());
  const endTime = localToPlatform(values.end, platformZone());
  if (!discount.ok || checkWindow(startTime, endTime) !== undefined || !startTime || !endTime) return undefined;
  return { percent: profit.ratio, discount: { discount: discount.ratio, startTime, endTime } };
}

/** A form rule from a percentage check: its translated problem, or nothing. */
function usePercentRule() {
  const { t } = useTranslation('goods');
  return (check: (value: string | undefined) => PercentCheck, field: 'profit' | 'discount') => ({
    validator: (_: unknown, value: string | undefined) => {
      const result = check(value);
      return result.ok ? Promise.resolve() : Promise.reject(new Error(t(`pricing.problems.${result.problem}`, { field: t(`pricing.${field}`), min: result.min ?? '', max: result.max ?? '' })));
    },
  });
}

export function PricingFields({ form, params }: { form: FormInstance<PricingValues>; params: ProductParams | undefined }) {
  const { t } = useTranslation('goods');
  const percentRule = usePercentRule();
  const discountOn = Form.useWatch('discountOn', form);
  return (
    <>
      <Form.Item
        name="profit"
        label={t('pricing.profit')}
        extra={params ? t('pricing.profitRange', { min: ratioToPercent(params.profitMin), max: ratioToPercent(params.profitMax) }) : ''}
        required
        rules={[percentRule((value) => checkProfit(value, params ?? {}), 'profit')]}
      >
        <Input inputMode="decimal" suffix="%" dir="ltr" autoComplete="off" style={{ maxWidth: 200 }} />
      </Form.Item>
      <Form.Item name="discountOn" valuePropName="checked">
        <Checkbox>{t('pricing.discountOn')}</Checkbox>
      </Form.Item>
      {discountOn ? (
        <>
          <Form.Item
            name="discount"
            label={t('pricing.discount')}
            extra={params ? t('pricing.discountRange', { max: ratioToPercent(params.discountMax) }) : ''}
            required
            rules={[percentRule((value) => checkDiscount(value, params?.discountMax), 'discount')]}
          >
            <Input inputMode="decimal" suffix="%" dir="ltr" autoComplete="off" style={{ maxWidth: 200 }} />
          </Form.Item>
          <Form.Item
            name="start"
            label={t('pricing.start')}
            required
            rules={[{ validator: (_, value: string | undefined) => (localToPlatform(value, platformZone()) ? Promise.resolve() : Promise.reject(new Error(t('pricing.problems.startRequired')))) }]}
          >
            <Input type="datetime-local" dir="ltr" style={{ maxWidth: 260 }} />
          </Form.Item>
          <Form.Item
            name="end"
            label={t('pricing.end')}
            required
            dependencies={['start']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) => {
                  const problem = checkWindow(localToPlatform(getFieldValue('start') as string | undefined, platformZone()), localToPlatform(value, platformZone()));
                  return problem && problem !== 'startRequired' ? Promise.reject(new Error(t(`pricing.problems.${problem}`))) : Promise.resolve();
                },
              }),
            ]}
          >
            <Input type="datetime-local" dir="ltr" style={{ maxWidth: 260 }} />
          </Form.Item>
          <p className="seller-hint">{t('pricing.zoneHint')}</p>
        </>
      ) : null}
    </>
  );
}

/** The exact prices of one good under the typed profit and discount (nothing while a field is wrong). */
export function PricePreview({ wholesale, values, params, testId }: { wholesale: string; values: PricingValues; params: ProductParams | undefined; testId?: string }) {
  const { t } = useTranslation('goods');
  const pricing = readPricing(values, params);
  const prices = pricing ? previewPrices(wholesale, pricing.percent, pricing.discount?.discount) : undefined;
  const items = [
    { key: 'wholesale', label: t('pricing.wholesale'), children: <Amount value={wholesale} unit="USDT" /> },
    {
      key: 'selling',
      label: t('pricing.selling'),
      children: prices ? <Amount value={prices.selling} unit="USDT" className={prices.discounted ? 'seller-strike' : undefined} /> : '--',
    },
    ...(pricing?.discount ? [{ key: 'discounted', label: t('pricing.discounted'), children: prices?.discounted ? <Amount value={prices.discounted} unit="USDT" /> : '--' }] : []),
    { key: 'margin', label: t('pricing.margin'), children: prices ? <Amount value={prices.margin} unit="USDT" /> : '--' },
  ];
  return <Descriptions size="small" column={1} bordered items={items} className="seller-preview" data-testid={testId} aria-live="polite" />;
}
