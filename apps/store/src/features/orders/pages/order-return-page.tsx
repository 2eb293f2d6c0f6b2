// /userInfo/order-return?id=<order id>: asks for a refund (paid or confirmed orders) or a return
// (received orders, within the return window): reason, amount, remark and up to 9 pictures.
import { Button, Form, Input, Result, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ImageUpload } from '@caravan/ui/image-upload.tsx';
import { useOrder } from '../api/get-order.ts';
import { useRequestRefund } from '../api/request-refund.ts';
import { LoadingBlock, LoadProblem } from '../components/load-problem.tsx';
import { OrderSubPage } from '../components/order-sub-page.tsx';
import { checkRefundAmount, REFUND_AMOUNT_DECIMALS } from '../order-money.ts';
import { orderPaths } from '../order-paths.ts';
import { allowedActions, isRefundBusy, REFUND_REASONS } from '../order-rules.ts';
import { buildRefundRequest, MAX_REFUND_PICTURES, MAX_REFUND_REMARK_LENGTH } from '../refund-request.ts';
import type { OrderInfo } from '../types.ts';
import { formatAmount } from '@caravan/ui/format';
import { useNumberLocale } from '@caravan/ui/amount.tsx';
import '../orders.css';
import { useMessage } from '../../../components/feedback.tsx';

interface RefundForm {
  reason?: string;
  amount: string;
  remark?: string;
}

function RefundFormView({ order }: { order: OrderInfo }) {
  const { t } = useTranslation('orders');
  const message = useMessage();
  const navigate = useNavigate();
  const locale = useNumberLocale();
  const [form] = Form.useForm<RefundForm>();
  const [pictures, setPictures] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const refund = useRequestRefund();
  const total = formatAmount(order.totalPrice, locale);

  const submit = async (values: RefundForm) => {
    const request = buildRefundRequest({ orderId: order.id, reason: values.reason, amount: values.amount, remark: values.remark ?? '', pictures }, order.totalPrice);
    if (!request.ok) return;
    try {
      await refund.mutateAsync(request.params);
      void message.success(t('refund.done'));
      void navigate(orderPaths.detail(order.id), { replace: true });
    } catch {
      // the API client has shown the server's message
    }
  };

  return (
    <Form<RefundForm>
      form={form}
      layout="vertical"
      className="orders-form"
      initialValues={{ amount: order.totalPrice }}
      onFinish={(values) => void submit(values)}
      requiredMark
    >
      <Form.Item name="reason" label={t('refund.reason')} rules={[{ required: true, message: t('refund.reasonRequired') }]}>
        <Select placeholder={t('refund.reasonPlaceholder')} options={REFUND_REASONS.map((code) => ({ value: code, label: t(`reasons.refund.${code}`) }))} />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('refund.amount')}
        extra={t('refund.amountHelp', { total, decimals: REFUND_AMOUNT_DECIMALS })}
        rules={[
          {
            required: true,
            validator: async (_, value: string | undefined) => {
              const check = checkRefundAmount(value ?? '', order.totalPrice);
              if (!check.ok) throw new Error(t(`refund.amountProblem.${check.problem}`, { total, decimals: REFUND_AMOUNT_DECIMALS }));
            },
          },
        ]}
      >
        <Input inputMode="decimal" autoComplete="off" dir="ltr" suffix="USDT" className="orders-amount-input" />
      </Form.Item>
      <Form.Item name="remark" label={t('refund.remark')}>
        <Input.TextArea rows={4} maxLength={MAX_REFUND_REMARK_LENGTH} showCount placeholder={t('refund.remarkPlaceholder')} />
      </Form.Item>
      <Form.Item label={t('refund.pictures')} extra={t('refund.picturesHelp', { count: MAX_REFUND_PICTURES })} htmlFor="refund-pictures">
        <ImageUpload id="refund-pictures" moduleName="returns" maxCount={MAX_REFUND_PICTURES} onChange={setPictures} onUploadingChange={setUploading} />
      </Form.Item>
      <div className="orders-form-actions">
        <Button type="primary" htmlType="submit" loading={refund.isPending} disabled={uploading} aria-describedby={uploading ? 'refund-uploading' : undefined}>
          {t('refund.submit')}
        </Button>
        {uploading ? (
          <span id="refund-uploading" className="orders-note">
            {t('refund.uploading')}
          </span>
        ) : null}
      </div>
    </Form>
  );
}

function OrderReturn({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const locale = useNumberLocale();
  const order = useOrder(orderId);
  if (order.isPending) return <LoadingBlock />;
  if (order.isError) return <LoadProblem error={order.error} title={t('detail.loadFailed')} onRetry={() => void order.refetch()} />;
  const info = order.data;
  const back = (
    <Link to={orderPaths.detail(info.id)} className="orders-link-button">
      {t('actions.backToDetail')}
    </Link>
  );
  if (!allowedActions({ status: info.status, returnStatus: info.returnStatus }).includes('refund')) {
    return <Result status="info" title={isRefundBusy(info.returnStatus) ? t('refund.inProgress') : t('refund.notAllowed')} extra={back} />;
  }
  return (
    <>
      <p className="orders-intro">
        <span dir="auto">{t('refund.intro', { id: info.id, total: formatAmount(info.totalPrice, locale) })}</span>
      </p>
      <RefundFormView order={info} />
    </>
  );
}

export default function OrderReturnPage() {
  const { t } = useTranslation('orders');
  return <OrderSubPage title={t('titles.return')}>{(orderId) => <OrderReturn orderId={orderId} />}</OrderSubPage>;
}
