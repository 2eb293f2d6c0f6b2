// The user's bound withdrawal address in the account view, and the operator-assisted change of it
// (admin only): the user's own bind stays "only one address"; a change starts the withdrawal cool-down.
import { checkWithdrawAddress, WITHDRAW_PROTOCOLS } from '@caravan/ui/wallet/address-rules';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecisionButton } from '../../components/decision-button.tsx';
import { errorText } from '../../lib/api.ts';
import { Time } from '../../lib/format.tsx';
import { useCan } from '../../lib/session.ts';
import { useChangeWithdrawAddress, withdrawAddressQuery } from './api.ts';

export function WithdrawAddressSection({ userId, username }: { userId: string; username: string }) {
  const { t } = useTranslation(['users', 'queues', 'common']);
  const can = useCan();
  const query = useQuery(withdrawAddressQuery(userId));
  const change = useChangeWithdrawAddress(userId);
  if (query.error) return <Alert type="error" showIcon title={errorText(query.error, t)} />;
  const bound = query.data?.address;
  if (query.data && !bound) return <Typography.Text type="secondary">{t('users:address.none')}</Typography.Text>;
  if (!bound) return null;
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={2} title={t('users:address.title')}>
        <Descriptions.Item label={t('queues:fields.chain')}>{`${bound.coin} / ${bound.blockchainName}`}</Descriptions.Item>
        <Descriptions.Item label={t('queues:fields.toAddress')}>
          <Typography.Text copyable code dir="ltr">
            {bound.address}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('users:address.boundAt')}>
          <Time value={bound.boundAt} />
        </Descriptions.Item>
        <Descriptions.Item label={t('users:address.changedAt')}>{bound.changedAt ? <Time value={bound.changedAt} /> : t('users:address.never')}</Descriptions.Item>
      </Descriptions>
      {bound.coolDownUntil ? (
        <Alert
          type="warning"
          showIcon
          role="status"
          title={
            <>
              {t('users:address.coolDown')} <Time value={bound.coolDownUntil} />
            </>
          }
        />
      ) : null}
      {can('users.withdraw_address') ? (
        <DecisionButton
          danger
          label={t('users:address.change')}
          title={t('users:address.changeTitle', { name: username })}
          description={t('users:address.changeText')}
          fields={[
            { name: 'blockchainName', label: t('queues:fields.chain'), required: true, initialValue: bound.blockchainName, options: WITHDRAW_PROTOCOLS.map((value) => ({ value, label: value })) },
            {
              name: 'address',
              label: t('users:address.newAddress'),
              required: true,
              max: 120,
              rules: [
                ({ getFieldValue }) => ({
                  validator: async (_, value: string | undefined) =>
                    !value || checkWithdrawAddress(String(getFieldValue('blockchainName') ?? ''), value) === 'ok' ? undefined : Promise.reject(new Error(t('users:address.invalid'))),
                }),
              ],
            },
            { name: 'reason', label: t('queues:fields.reason'), required: true, multiline: true },
          ]}
          successText={t('users:address.changed')}
          onConfirm={(values) => change.mutateAsync({ blockchainName: values.blockchainName ?? '', address: values.address ?? '', reason: values.reason ?? '' })}
        />
      ) : null}
    </Space>
  );
}
