// Editing one listing's profit and discount, with the exact resulting prices before it is saved.
import type { SellerGoodsVo } from '@caravan/contract/sellers';
import { App, Form, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/api.ts';
import { useUpdateListing, type ProductParams } from './api.ts';
import { platformToLocal, ratioToPercent } from './listing-rules.ts';
import { platformZone, PricePreview, PricingFields, readPricing, type PricingValues } from './pricing-fields.tsx';

function initialValues(listing: SellerGoodsVo): PricingValues {
  const discounted = Boolean(listing.discountRatio && Number(listing.discountRatio) > 0);
  return {
    profit: ratioToPercent(listing.profitRatio),
    discountOn: discounted,
    discount: discounted ? ratioToPercent(listing.discountRatio) : '',
    start: platformToLocal(listing.discountStartTime, platformZone()),
    end: platformToLocal(listing.discountEndTime, platformZone()),
  };
}

export function ListingModal({ listing, params, onClose }: { listing: SellerGoodsVo | undefined; params: ProductParams | undefined; onClose: () => void }) {
  const { t } = useTranslation(['goods', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<PricingValues>();
  const update = useUpdateListing();
  const values = Form.useWatch([], form) ?? {};

  useEffect(() => {
    if (listing) form.setFieldsValue(initialValues(listing));
  }, [listing, form]);

  const save = async () => {
    if (!listing) return;
    const checked = await form.validateFields().catch(() => undefined);
    const pricing = checked ? readPricing(checked, params) : undefined;
    if (!pricing) return;
    const hadDiscount = initialValues(listing).discountOn;
    update.mutate(
      { id: listing.id, percent: pricing.percent, discount: pricing.discount, clearDiscount: hadDiscount && !pricing.discount },
      {
        onSuccess: () => {
          void message.success(t('goods:edit.saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={listing !== undefined}
      title={listing ? t('goods:edit.title', { name: listing.name }) : ''}
      okText={t('goods:edit.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<PricingValues> form={form} layout="vertical" requiredMark="optional" onFinish={() => void save()}>
        <PricingFields form={form} params={params} />
      </Form>
      {listing ? <PricePreview wholesale={listing.systemPrice} values={values} params={params} testId="listing-preview" /> : null}
      {update.error ? <p role="alert" className="ant-form-item-explain-error">{errorText(update.error, t)}</p> : null}
    </Modal>
  );
}
