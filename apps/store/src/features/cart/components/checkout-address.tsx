import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Radio, Skeleton, Tag } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressList, type AddressRecord } from '../../../components/address-api.ts';
import { AddressForm } from '../../../components/address-form.tsx';

function addressText(address: AddressRecord, separator: string): string {
  return [address.address, address.city, address.province, address.postcode, address.country].filter((part) => part.trim().length > 0).join(separator);
}

/** The delivery address: choose one of the book (default preselected), add or edit one inline. */
export function CheckoutAddress({ value, onChange, invalid }: { value: string | undefined; onChange: (id: string) => void; invalid: boolean }) {
  const { t } = useTranslation('cart');
  const headingId = useId();
  const addresses = useAddressList();
  const [editing, setEditing] = useState<'new' | AddressRecord | null>(null);
  const list = addresses.data ?? [];
  const first = addresses.isSuccess && list.length === 0;
  const showForm = editing !== null || first;
  const edited = editing !== null && editing !== 'new' ? editing : undefined;

  return (
    <section className="cart-panel" aria-labelledby={headingId} data-testid="checkout-address">
      <div className="cart-panel-head">
        <h2 id={headingId}>{t('checkout.address.title')}</h2>
        {!showForm && list.length > 0 && (
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing('new')}>
            {t('checkout.address.add')}
          </Button>
        )}
      </div>
      {/* shaped like one address of the book and as tall (cart.css), so the goods below do not move when it arrives */}
      {addresses.isPending && (
        <div className="cart-address cart-address-pending" data-testid="checkout-address-pending">
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        </div>
      )}
      {addresses.isError && (
        <Alert
          type="error"
          showIcon
          title={t('checkout.address.loadFailed')}
          action={
            <Button size="small" onClick={() => void addresses.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      )}
      {list.length > 0 && !showForm && (
        <Radio.Group className="cart-addresses" value={value} onChange={(event) => onChange(event.target.value as string)} aria-labelledby={headingId}>
          {list.map((address) => (
            <div key={address.id} className={`cart-address${address.id === value ? ' cart-address-selected' : ''}`}>
              <Radio value={address.id} className="cart-address-radio">
                <span className="cart-address-who">
                  <bdi className="cart-address-name">{address.contacts}</bdi>
                  <span dir="ltr">{address.phone}</span>
                  {address.use === 1 && <Tag className="cart-tag">{t('checkout.address.default')}</Tag>}
                </span>
                <bdi className="cart-address-lines">{addressText(address, t('checkout.address.separator'))}</bdi>
              </Radio>
              <Button type="link" onClick={() => setEditing(address)} aria-label={t('checkout.address.editOne', { name: address.contacts })}>
                {t('checkout.address.edit')}
              </Button>
            </div>
          ))}
        </Radio.Group>
      )}
      {invalid && !showForm && (
        <p className="cart-error" role="alert">
          {t('checkout.address.required')}
        </p>
      )}
      {showForm && (
        <div className="cart-address-form">
          <h3>{edited ? t('checkout.address.editTitle') : first ? t('checkout.address.firstTitle') : t('checkout.address.newTitle')}</h3>
          <AddressForm
            key={edited?.id ?? 'new'}
            address={edited}
            defaultChecked={first}
            onSaved={(saved) => {
              setEditing(null);
              if (saved) onChange(saved.id);
            }}
            onCancel={first ? undefined : () => setEditing(null)}
          />
        </div>
      )}
    </section>
  );
}
