// /userInfo/setup/advanced-verification: proof of address (kycHighLevel!get / kycHighLevel!apply),
// offered only once real-name verification passed (spec: "Real-name verification must pass before
// advanced verification"); before that the page leads to the real-name screen.
import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useKycHighLevel, useKycViewer } from '../../../components/kyc-api.ts';
import { AccountPage } from '../../account/components/account-page.tsx';
import { AdvancedForm } from '../components/advanced-form.tsx';
import { KycLevelState } from '../components/kyc-level.tsx';
import { KycDetails } from '../components/kyc-status.tsx';
import { kycViewOf, REAL_NAME_PATH, valuesFromAdvanced } from '../kyc-rules.ts';
import type { KycHighLevelRecord } from '@caravan/contract/kyc';
import '../../account/account.css';
import '../kyc.css';

function AdvancedDetails({ record }: { record: KycHighLevelRecord }) {
  const { t } = useTranslation('kyc');
  return (
    <KycDetails
      testId="kyc-advanced-details"
      createTime={record.createTime}
      picturesLabel={t('form.proof')}
      pictures={[
        { url: record.idimg_1, label: t('form.proof') },
        { url: record.idimg_2, label: t('details.secondPage') },
      ]}
    >
      <div className="kyc-details-wide">
        <dt>{t('form.address')}</dt>
        <dd dir="auto">{record.address}</dd>
      </div>
      <div>
        <dt>{t('form.city')}</dt>
        <dd dir="auto">{record.city}</dd>
      </div>
      <div>
        <dt>{t('form.postcode')}</dt>
        <dd dir="ltr">{record.postcode}</dd>
      </div>
    </KycDetails>
  );
}

function AdvancedState({ viewer }: { viewer: string }) {
  const { t } = useTranslation('kyc');
  return (
    <KycLevelState
      query={useKycHighLevel(viewer)}
      pending={{ title: t('pending.title'), text: t('pending.text'), testId: 'kyc-advanced-pending' }}
      passed={{ title: t('passed.advancedTitle'), text: t('passed.advancedText'), testId: 'kyc-advanced-passed' }}
      details={(record) => <AdvancedDetails record={record} />}
      blocked={(record) =>
        kycViewOf(record.realNameStatus) === 'passed' ? undefined : (
          <Result
            status="info"
            title={t('advanced.lockedTitle')}
            subTitle={t('advanced.lockedText')}
            extra={
              <Link className="ant-btn ant-btn-primary" to={REAL_NAME_PATH} data-testid="kyc-verify-real-name">
                {t('advanced.lockedAction')}
              </Link>
            }
          />
        )
      }
      form={(refused) => <AdvancedForm viewer={viewer} initial={valuesFromAdvanced(refused)} again={Boolean(refused)} />}
    />
  );
}

export default function AdvancedVerificationPage() {
  const { t } = useTranslation('kyc');
  const viewer = useKycViewer();
  return (
    <AccountPage title={t('advanced.title')} back={{ to: '/userInfo/setup/index', label: t('back') }}>
      <p className="account-muted">{t('advanced.intro')}</p>
      {viewer ? <AdvancedState viewer={viewer} /> : <Skeleton active />}
    </AccountPage>
  );
}
