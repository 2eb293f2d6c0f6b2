import { OPERATOR_PASSWORD_MIN, operatorPassword, operatorRoles, operatorUsername } from '@caravan/contract/console';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionButton } from '../../components/decision-button.tsx';
import { useListParams } from '../../components/list-params.ts';
import { ClearableSelect, QueueDrawer, QueuePage } from '../../components/queue-page.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { Time } from '../../lib/format.tsx';
import { useSession } from '../../lib/session.ts';
import { operatorsQuery, useOperatorChange, type OperatorRow, type Role } from './api.ts';

const FILTERS = ['role', 'status'] as const;
const ROLES = operatorRoles.options;
/** Operator states as the state tags name them ('disabled' reads "Locked" for users, "Disabled" here). */
const operatorState = (status: string) => (status === 'disabled' ? 'operator_disabled' : status);

/** Operators (admin only): create one, change a role, disable or enable, reset a password; never one's own role or account. */
export default function OperatorsPage() {
  const { t } = useTranslation(['operators', 'queues', 'common']);
  const list = useListParams(FILTERS);
  const query = useQuery(operatorsQuery({ ...list.filter, page: list.page, pageSize: list.pageSize }));
  const change = useOperatorChange();
  const roleOptions = ROLES.map((value) => ({ value, label: t(`common:roles.${value}`) }));
  const open = query.data?.items.find((row) => row.id === list.selected);

  return (
    <QueuePage<OperatorRow>
      title={t('operators:title')}
      extra={
        <DecisionButton
          primary
          label={t('operators:add')}
          title={t('operators:addTitle')}
          description={t('operators:addText', { min: OPERATOR_PASSWORD_MIN })}
          fields={[
            { name: 'username', label: t('operators:fields.username'), required: true, rules: [{ validator: async (_rule, value: string | undefined) => (operatorUsername.safeParse(value ?? '').success ? undefined : Promise.reject(new Error(t('operators:usernameRule')))) }] },
            { name: 'role', label: t('operators:fields.role'), required: true, initialValue: 'support', options: roleOptions },
            { name: 'password', label: t('operators:fields.password'), required: true, secret: true, rules: [passwordRule(t('operators:passwordRule', { min: OPERATOR_PASSWORD_MIN }))] },
            { name: 'reason', label: t('queues:fields.reason'), multiline: true },
          ]}
          successText={t('operators:created')}
          onConfirm={(values) => change.mutateAsync({ kind: 'create', body: { username: values.username ?? '', role: (values.role ?? 'support') as Role, password: values.password ?? '', ...(values.reason ? { reason: values.reason } : {}) } })}
        />
      }
      query={query}
      list={list}
      columns={[
        { title: t('operators:fields.username'), dataIndex: 'username', render: (name: string, row) => <Link to={list.hrefFor(row.id)}>{name}</Link> },
        { title: t('operators:fields.role'), dataIndex: 'role', render: (role: string) => <Tag>{t(`common:roles.${role}`)}</Tag> },
        { title: t('operators:fields.status'), dataIndex: 'status', render: (status: string) => <StateTag state={operatorState(status)} /> },
        { title: t('operators:fields.lastLogin'), dataIndex: 'lastLoginAt', render: (value: string | null) => <Time value={value} /> },
        { title: t('operators:fields.createdAt'), dataIndex: 'createdAt', render: (value: string) => <Time value={value} /> },
      ]}
      filters={
        <>
          <ClearableSelect label={t('operators:fields.role')} width={180} value={list.filter.role} onChange={(value) => list.update({ role: value })} options={roleOptions} />
          <ClearableSelect label={t('operators:fields.status')} width={180} value={list.filter.status} onChange={(value) => list.update({ status: value })} options={['active', 'disabled'].map((value) => ({ value, label: t(`common:states.${operatorState(value)}`) }))} />
        </>
      }
      drawer={<OperatorDrawer id={list.selected} row={open} onClose={() => list.select(undefined)} />}
    />
  );
}

/** The password rule of the contract, as a form rule with our message. */
function passwordRule(message: string) {
  return { validator: async (_rule: unknown, value: string | undefined) => (operatorPassword.safeParse(value ?? '').success ? undefined : Promise.reject(new Error(message))) };
}

function OperatorDrawer({ id, row, onClose }: { id: string | undefined; row: OperatorRow | undefined; onClose: () => void }) {
  const { t } = useTranslation(['operators', 'queues', 'common']);
  const me = useSession()?.operator.id;
  const change = useOperatorChange();
  const reason = { name: 'reason', label: t('queues:fields.reason'), required: true, multiline: true };
  return (
    <QueueDrawer id={id} onClose={onClose} size={560} query={{ data: row, error: null }} title={(operator) => t('operators:detail', { name: operator.username })}>
      {(operator) => (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('operators:fields.role')}>{t(`common:roles.${operator.role}`)}</Descriptions.Item>
            <Descriptions.Item label={t('operators:fields.status')}>
              <StateTag state={operatorState(operator.status)} />
            </Descriptions.Item>
            <Descriptions.Item label={t('operators:fields.lastLogin')}>
              <Time value={operator.lastLoginAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('operators:fields.createdAt')}>
              <Time value={operator.createdAt} />
            </Descriptions.Item>
          </Descriptions>
          <Space wrap>
            {operator.id !== me ? (
              <DecisionButton
                label={t('operators:changeRole')}
                title={t('operators:changeRoleTitle', { name: operator.username })}
                fields={[{ name: 'role', label: t('operators:fields.role'), required: true, initialValue: operator.role, options: ROLES.map((value) => ({ value, label: t(`common:roles.${value}`) })) }, reason]}
                successText={t('operators:roleChanged')}
                onConfirm={(values) => change.mutateAsync({ kind: 'role', id: operator.id, role: (values.role ?? operator.role) as Role, reason: values.reason ?? '' })}
              />
            ) : null}
            <DecisionButton
              label={t('operators:resetPassword')}
              title={t('operators:resetPasswordTitle', { name: operator.username })}
              description={t('operators:resetPasswordText')}
              fields={[{ name: 'password', label: t('operators:fields.newPassword'), required: true, secret: true, rules: [passwordRule(t('operators:passwordRule', { min: OPERATOR_PASSWORD_MIN }))] }, reason]}
              successText={t('operators:passwordReset')}
              onConfirm={(values) => change.mutateAsync({ kind: 'password', id: operator.id, password: values.password ?? '', reason: values.reason ?? '' })}
            />
            {operator.id !== me && operator.status === 'active' ? (
              <DecisionButton danger label={t('operators:disable')} title={t('operators:disableTitle', { name: operator.username })} description={t('operators:disableText')} fields={[reason]} successText={t('operators:disabled')} onConfirm={(values) => change.mutateAsync({ kind: 'disable', id: operator.id, reason: values.reason ?? '' })} />
            ) : null}
            {operator.status === 'disabled' ? (
              <DecisionButton label={t('operators:enable')} title={t('operators:enableTitle', { name: operator.username })} fields={[reason]} successText={t('operators:enabled')} onConfirm={(values) => change.mutateAsync({ kind: 'enable', id: operator.id, reason: values.reason ?? '' })} />
            ) : null}
          </Space>
        </Space>
      )}
    </QueueDrawer>
  );
}
