// The shop's settings (shop!info, shop!update): name, logo and banner (uploaded through uploadimg!execute
// with the shared picture picker), description, phone and address; and the measured service scores.
import type { SellerShop } from '@caravan/contract/sellers';
import { SHOP_DESCRIPTION_MAX, SHOP_NAME_MAX } from '@caravan/contract/sellers';
import { ImageUpload } from '@caravan/ui/image-upload.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ServiceScoresCards } from '../../components/service-scores.tsx';
import { errorText, sellerCall } from '../../lib/api.ts';
import { sellerKeys } from '../../lib/query-keys.ts';

/** The upload module of shop pictures (the server's size limit for them). */
const SHOP_IMAGE_MODULE = 'shop';

interface Values {
  name: string;
  avatar: string[];
  banner: string[];
  shopRemark: string;
  phone: string;
  address: string;
}

function ShopForm({ shop }: { shop: SellerShop }) {
  const { t } = useTranslation(['shop', 'common']);
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [uploading, setUploading] = useState({ avatar: false, banner: false });
  const save = useMutation({
    mutationFn: (values: Values) =>
      sellerCall<SellerShop>(
        'shop!update',
        { name: values.name.trim(), avatar: values.avatar[0] ?? '', banner: values.banner[0] ?? '', shopRemark: values.shopRemark, phone: values.phone.trim(), address: values.address },
        { silent: true },
      ),
    onSuccess: () => {
      void message.success(t('shop:settings.saved'));
      for (const key of [sellerKeys.shop(), sellerKeys.overview()]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  const submit = (values: Values) =>
    modal.confirm({
      title: t('shop:settings.confirmTitle'),
      content: t('shop:settings.confirmText'),
      okText: t('shop:settings.save'),
      cancelText: t('common:actions.cancel'),
      onOk: () => save.mutateAsync(values).catch(() => undefined),
    });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark="optional"
      onFinish={submit}
      initialValues={{ name: shop.name, avatar: shop.avatar ? [shop.avatar] : [], banner: shop.banner ? [shop.banner] : [], shopRemark: shop.shopRemark, phone: shop.phone, address: shop.address }}
      style={{ maxWidth: 640 }}
    >
      <Form.Item name="name" label={t('shop:settings.name')} rules={[{ required: true, whitespace: true, message: t('common:validation.required', { field: t('shop:settings.name') }) }]}>
        <Input maxLength={SHOP_NAME_MAX} dir="auto" />
      </Form.Item>
      <div className="seller-images">
        <Form.Item name="avatar" label={t('shop:settings.logo')} valuePropName="value" trigger="onChange" htmlFor="seller-shop-logo">
          <ImageUpload id="seller-shop-logo" moduleName={SHOP_IMAGE_MODULE} maxCount={1} inputLabel={t('shop:settings.logoUpload')} onUploadingChange={(avatar) => setUploading((current) => ({ ...current, avatar }))} />
        </Form.Item>
        <Form.Item name="banner" label={t('shop:settings.banner')} valuePropName="value" trigger="onChange" htmlFor="seller-shop-banner">
          <ImageUpload id="seller-shop-banner" moduleName={SHOP_IMAGE_MODULE} maxCount={1} inputLabel={t('shop:settings.bannerUpload')} onUploadingChange={(banner) => setUploading((current) => ({ ...current, banner }))} />
        </Form.Item>
      </div>
      <Form.Item name="shopRemark" label={t('shop:settings.description')}>
        <Input.TextArea rows={4} maxLength={SHOP_DESCRIPTION_MAX} showCount dir="auto" />
      </Form.Item>
      <Form.Item name="phone" label={t('shop:settings.phone')}>
        <Input maxLength={30} dir="ltr" inputMode="tel" />
      </Form.Item>
      <Form.Item name="address" label={t('shop:settings.address')}>
        <Input.TextArea rows={2} maxLength={300} dir="auto" />
      </Form.Item>
      {save.error ? <Alert type="error" showIcon role="alert" title={errorText(save.error, t)} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={save.isPending} disabled={uploading.avatar || uploading.banner}>
        {t('shop:settings.save')}
      </Button>
    </Form>
  );
}

export default function ShopPage() {
  const { t } = useTranslation(['shop', 'common']);
  const shop = useQuery({ queryKey: sellerKeys.shop(), queryFn: () => sellerCall<SellerShop>('shop!info', {}, { silent: true }) });
  return (
    <>
      <PageHeader title={t('shop:settings.title')} extra={shop.data ? <Tag>{t(`shop:status.${shop.data.status}`, { defaultValue: shop.data.status })}</Tag> : null} />
      {shop.isPending ? <Skeleton active /> : null}
      {shop.isError ? <LoadError error={shop.error} onRetry={() => shop.refetch()} /> : null}
      {shop.data ? (
        <>
          {shop.data.status !== 'open' ? <Alert type="warning" showIcon title={t('shop:settings.notOpen')} style={{ marginBottom: 16 }} /> : null}
          <Card size="small">
            <ShopForm shop={shop.data} />
          </Card>
          <ServiceScoresCards scores={shop.data.scores} />
        </>
      ) : null}
    </>
  );
}
