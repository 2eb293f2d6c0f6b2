// /userInfo/setup/real-name: real-name verification (kyc!get / kyc!apply). The form; the submission
// under review; the operator's reason after a refusal with the form prefilled to submit again; or the
// verified state with the document number masked and the way to advanced verification.
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCountryName } from '../../../components/country-select.tsx';
import { useKyc, useKycViewer } from '../../../components/kyc-api.ts';
import { AccountPage } from '../../account/components/account-page.tsx';
import { KycLevelState } from '../components/kyc-level.tsx';
import { KycDetails } from '../components/kyc-status.tsx';
import { RealNameForm } from '../components/real-name-form.tsx';
import { ADVANCED_PATH, maskDocumentNumber, valuesFromKyc } from '../kyc-rules.ts';
import type { KycRecord } from '@caravan/contract/kyc';
import '../../account/account.css';
import '../kyc.css';

function RealNameDetails({ record, masked }: { record: KycRecord; masked: boolean }) {
  const { t } = useTranslation('kyc');
  const country = useCountryName(Number(record.nationality));
  return (
    <KycDetails
      testId="kyc-details"
      createTime={record.createTime}
      picturesLabel={t('details.pictures')}
      pictures={[
        { url: record.idimg_1, label: t('form.front') },
        { url: record.idimg_2, label: t('form.back') },
        { url: record.idimg_3, label: t('form.hand') },
      ]}
    >
      <div>
        <dt>{t('form.name')}</dt>
        <dd dir="auto">{record.name}</dd>
      </div>
      <div>
        <dt>{t('form.nationality')}</dt>
        <dd>{country || record.nationalityName}</dd>
      </div>
      <div>
        <dt>{t('form.documentType')}</dt>
        <dd>{record.idname ? t(`documentTypes.${record.idname}`) : ''}</dd>
      </div>
      <div>
        <dt>{t('form.documentNumber')}</dt>
        <dd dir="ltr" data-testid="kyc-document-number">
          {masked ? maskDocumentNumber(record.idnumber) : record.idnumber}
        </dd>
      </div>
    </KycDetails>
  );
}

function RealNameState({ viewer }: { viewer: string }) {
  const { t } = useTranslation('kyc');
  return (
    <KycLevelState
      query={useKyc(viewer)}
      pending={{ title: t('pending.title'), text: t('pending.text'), testId: 'kyc-pending' }}
      passed={{ title: t('passed.title'), text: t('passed.text'), testId: 'kyc-passed' }}
      details={(record, view) => <RealNameDetails record={record} masked={view === 'passed'} />}
      passedExtra={
        <p className="kyc-hint">
          <Link to={ADVANCED_PATH}>{t('passed.advancedLink')}</Link>
        </p>
      }
      form={(refused) => <RealNameForm viewer={viewer} initial={valuesFromKyc(refused)} again={Boolean(refused)} />}
    />
  );
}

export default function RealNamePage() {
  const { t } = useTranslation('kyc');
  const viewer = useKycViewer();
  return (
    <AccountPage title={t('realName.title')} back={{ to: '/userInfo/setup/index', label: t('back') }}>
      <p className="account-muted">{t('realName.intro')}</p>
      {viewer ? <RealNameState viewer={viewer} /> : <Skeleton active />}
    </AccountPage>
  );
}
