import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Modal, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One wallet record's details in a dialog: loading, the server's refusal, or the record. */
export function RecordDetailModal<T>({
  title,
  orderNo,
  open,
  onClose,
  record,
  children,
}: {
  title: string;
  orderNo: string | undefined;
  open: boolean;
  onClose: () => void;
  record: UseQueryResult<T>;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation('wallet');
  return (
    <Modal open={open} title={title} onCancel={onClose} destroyOnHidden width={640} footer={<Button onClick={onClose}>{t('detail.close')}</Button>}>
      {record.isPending && orderNo ? <Skeleton active /> : null}
      {record.isError ? <Alert type="error" showIcon title={record.error.message || t('detail.loadFailed')} /> : null}
      {record.data ? children(record.data) : null}
    </Modal>
  );
}
