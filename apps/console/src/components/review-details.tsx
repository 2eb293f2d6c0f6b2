import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Time } from '../lib/format.tsx';
import { StateTag } from './state-tag.tsx';

/** What a reviewed request (a recharge, a withdrawal) shows around its own fields. */
export interface Reviewed {
  state: string;
  username: string;
  userId: string;
  reviewedAt?: string | null | undefined;
  rejectReason?: string | null | undefined;
}

/**
 * The detail table of a reviewed request: its state and user, then its own fields (`children`, as
 * `Descriptions.Item`s), then when and why it was decided.
 */
export function ReviewDetails({ row, children }: { row: Reviewed; children: ReactNode }) {
  const { t } = useTranslation('queues');
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label={t('queues:fields.state')}>
        <StateTag state={row.state} />
      </Descriptions.Item>
      <Descriptions.Item label={t('queues:fields.user')}>{`${row.username} (${row.userId})`}</Descriptions.Item>
      {children}
      {row.reviewedAt ? (
        <Descriptions.Item label={t('queues:fields.reviewedAt')}>
          <Time value={row.reviewedAt} />
        </Descriptions.Item>
      ) : null}
      {row.rejectReason ? <Descriptions.Item label={t('queues:fields.rejectReason')}>{row.rejectReason}</Descriptions.Item> : null}
    </Descriptions>
  );
}
