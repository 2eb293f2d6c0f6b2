// /userInfo/setup/index: the account's security at a glance, each item leading to its screen.
import { CheckCircleFilled, EnvironmentOutlined, ExclamationCircleFilled, HomeOutlined, IdcardOutlined, KeyOutlined, LockOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountProfile } from '../api/user-info.ts';
import { Link } from 'react-router';
import { useAddressList } from '../../../components/address-api.ts';
import { useSession } from '../../../lib/session.ts';
import { isolate } from '../account-links.ts';
import { useUserInfo } from '../api/user-info.ts';
import { AccountPage } from '../components/account-page.tsx';
import '../account.css';

function SecurityItem({ icon, title, description, status, action }: { icon: ReactNode; title: string; description: string; status?: ReactNode; action: ReactNode }) {
  return (
    <li className="account-security-item">
      <span className="account-security-icon" aria-hidden="true">
        {icon}
      </span>
      <div className="account-security-text">
        <h2 className="account-security-title">{title}</h2>
        <p className="account-muted">{description}</p>
      </div>
      <div className="account-security-status">{status}</div>
      <div className="account-security-action">{action}</div>
    </li>
  );
}

function Status({ ok, text }: { ok: boolean; text: string }) {
  return (
    <span className={ok ? 'account-status-ok' : 'account-status-warn'}>
      {ok ? <CheckCircleFilled aria-hidden="true" /> : <ExclamationCircleFilled aria-hidden="true" />} {text}
    </span>
  );
}

/** Legacy KYC status numbers: 0 not submitted, 1 pending, 2 passed, 3 rejected. */
const KYC_STATE_KEYS = ['status.form', 'status.pending', 'status.passed', 'status.rejected'] as const;

/** Real-name and advanced verification: their state and the way to their screens (texts in store-kyc). */
function VerificationItems({ profile }: { profile: AccountProfile | undefined }) {
  const { t } = useTranslation('kyc');
  const realName = profile?.kyc_status ?? 0;
  const advanced = profile?.kyc_high_level_status ?? 0;
  const state = (status: number) => (profile ? <Status ok={status === 2} text={t(KYC_STATE_KEYS[status] ?? 'status.form')} /> : <Skeleton.Button active size="small" />);
  return (
    <>
      <SecurityItem
        icon={<IdcardOutlined aria-hidden="true" />}
        title={t('setup.realName')}
        description={t('setup.realNameText')}
        status={state(realName)}
        action={<Link to="/userInfo/setup/real-name" data-testid="setup-real-name">{realName === 0 || realName === 3 ? t('setup.verify') : t('setup.view')}</Link>}
      />
      <SecurityItem
        icon={<HomeOutlined aria-hidden="true" />}
        title={t('setup.advanced')}
        description={realName === 2 ? t('setup.advancedText') : t('setup.advancedLocked')}
        status={state(advanced)}
        action={<Link to="/userInfo/setup/advanced-verification">{advanced === 0 || advanced === 3 ? t('setup.verify') : t('setup.view')}</Link>}
      />
    </>
  );
}

export default function SetupIndexPage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const profile = useUserInfo();
  const addresses = useAddressList();
  const hasFundPassword = (profile.data?.safeword ?? user?.safeword) === 1;
  const addressCount = addresses.data?.length;
  return (
    <AccountPage title={t('setup.title')}>
      <p className="account-muted">{t('setup.intro', { name: isolate(profile.data?.username ?? user?.username ?? '') })}</p>
      <ul className="account-security-list">
        <SecurityItem
          icon={<LockOutlined aria-hidden="true" />}
          title={t('setup.loginPassword')}
          description={t('setup.loginPasswordText')}
          status={<Status ok text={t('setup.set')} />}
          action={<Link to="/userInfo/setup/login-password">{t('setup.change')}</Link>}
        />
        <SecurityItem
          icon={<KeyOutlined aria-hidden="true" />}
          title={t('setup.fundPassword')}
          description={t('setup.fundPasswordText')}
          status={profile.isPending && user?.safeword === undefined ? <Skeleton.Button active size="small" /> : <Status ok={hasFundPassword} text={hasFundPassword ? t('setup.set') : t('setup.notSet')} />}
          action={<Link to="/userInfo/setup/transaction-password">{hasFundPassword ? t('setup.change') : t('setup.setNow')}</Link>}
        />
        <VerificationItems profile={profile.data} />
        <SecurityItem
          icon={<EnvironmentOutlined aria-hidden="true" />}
          title={t('setup.addresses')}
          description={addressCount === undefined ? t('setup.addressesText') : t('setup.addressCount', { count: addressCount })}
          action={<Link to="/userInfo/setup/shipping-address">{t('setup.manage')}</Link>}
        />
        <SecurityItem
          icon={<UserDeleteOutlined aria-hidden="true" />}
          title={t('setup.cancellation')}
          description={t('setup.cancellationText')}
          action={
            <Link to="/userInfo/setup/account-cancellation" className="account-danger-link">
              {t('setup.cancelAccount')}
            </Link>
          }
        />
      </ul>
    </AccountPage>
  );
}
