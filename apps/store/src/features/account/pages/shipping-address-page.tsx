// /userInfo/setup/shipping-address: the address book. The add/edit form is the shared one the
// checkout uses (components/address-form.tsx); here the list, the default flag and deletion.
import { EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { ApiError } from '@caravan/ui/api-client';
import { Button, Empty, Modal, Popconfirm, Result, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addressParams, addressValues, useAddressList, useDeleteAddress, useSaveAddress, type AddressRecord } from '../../../components/address-api.ts';
import { AddressForm } from '../../../components/address-form.tsx';
import { isolate } from '../account-links.ts';
import { AccountPage } from '../components/account-page.tsx';
import '../account.css';
import { useMessage } from '../../../components/feedback.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; address: AddressRecord } | null;

/** The record as the shared form's values, with the default flag set. */
function asDefault(address: AddressRecord) {
  return addressParams({ ...addressValues(address), use: true }, { country: address.country, province: address.province, city: address.city }, address.id);
}

function AddressCard({ address, onEdit }: { address: AddressRecord; onEdit: () => void }) {
  const { t } = useTranslation('account');
  const message = useMessage();
  const remove = useDeleteAddress();
  const save = useSaveAddress();
  const isDefault = address.use === 1;
  const region = [address.city, address.province, address.country].filter(Boolean).join(', ');
  const makeDefault = () =>
    save.mutate(asDefault(address), {
      onSuccess: () => void message.success(t('addresses.defaultSet')),
      // the shared save call is silent (its form shows errors inline): say it here
      onError: (error) => void message.error(error instanceof ApiError && error.message ? error.message : t('errors.network')),
    });
  return (
    <li className={`account-address-card${isDefault ? ' account-address-default' : ''}`} data-testid="address-card">
      <div className="account-address-head">
        <span className="account-address-name">
          <bdi>{address.contacts}</bdi>
        </span>
        <span dir="ltr" className="account-address-phone">
          {address.phone}
        </span>
        {isDefault && <Tag color="orange">{t('addresses.default')}</Tag>}
      </div>
      <p className="account-address-lines">
        <bdi>{address.address}</bdi>
        {region && (
          <>
            <br />
            <bdi>{region}</bdi>
          </>
        )}
        {address.postcode && (
          <>
            <br />
            <span dir="ltr">{address.postcode}</span>
          </>
        )}
      </p>
      {address.email && (
        <p className="account-muted" dir="ltr">
          {address.email}
        </p>
      )}
      <div className="account-address-actions">
        <Button size="small" onClick={onEdit} aria-label={t('addresses.editNamed', { name: address.contacts })}>
          {t('addresses.edit')}
        </Button>
        {!isDefault && (
          <Button size="small" loading={save.isPending} onClick={makeDefault} aria-label={t('addresses.makeDefaultNamed', { name: address.contacts })}>
            {t('addresses.makeDefault')}
          </Button>
        )}
        <Popconfirm
          title={t('addresses.deleteConfirm')}
          description={t('addresses.deleteConfirmText', { name: isolate(address.contacts) })}
          okText={t('addresses.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() => remove.mutateAsync(address.id).then(() => void message.success(t('addresses.deleted')))}
        >
          <Button size="small" danger loading={remove.isPending} aria-label={t('addresses.deleteNamed', { name: address.contacts })}>
            {t('addresses.delete')}
          </Button>
        </Popconfirm>
      </div>
    </li>
  );
}

export default function ShippingAddressPage() {
  const { t } = useTranslation('account');
  const list = useAddressList();
  const [editing, setEditing] = useState<Editing>(null);
  const addresses = list.data ?? [];
  const add = (
    <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ mode: 'add' })}>
      {t('addresses.add')}
    </Button>
  );
  return (
    <AccountPage title={t('addresses.title')} back={{ to: '/userInfo/setup/index', label: t('setup.back') }} extra={list.isSuccess && addresses.length > 0 && add}>
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : list.isError ? (
        <Result status="warning" title={t('errors.load')} extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>} />
      ) : addresses.length === 0 ? (
        <Empty image={<EnvironmentOutlined className="account-empty-icon" aria-hidden="true" />} description={t('addresses.empty')}>
          {add}
        </Empty>
      ) : (
        <ul className="account-address-list">
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} onEdit={() => setEditing({ mode: 'edit', address })} />
          ))}
        </ul>
      )}
      <Modal
        open={editing !== null}
        title={editing?.mode === 'edit' ? t('addresses.editTitle') : t('addresses.addTitle')}
        onCancel={() => setEditing(null)}
        footer={null}
        width={720}
        destroyOnHidden
      >
        {editing && (
          <AddressForm
            key={editing.mode === 'edit' ? editing.address.id : 'new'}
            address={editing.mode === 'edit' ? editing.address : undefined}
            defaultChecked={addresses.length === 0}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </AccountPage>
  );
}
