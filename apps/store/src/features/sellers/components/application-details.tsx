import type { SettleApplication } from '@caravan/contract/sellers';
import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../../../components/country-select.tsx';

/** What the applicant sent, as the operator sees it: shop, contact, country, description, documents. */
export function ApplicationDetails({ application }: { application: SettleApplication }) {
  const { t } = useTranslation('sellers');
  const country = useCountryName(application.countryId);
  return (
    <dl className="settle-details" data-testid="settle-details">
      <div>
        <dt>{t('form.shopName')}</dt>
        <dd dir="auto">{application.shopName}</dd>
      </div>
      <div>
        <dt>{t('form.logo')}</dt>
        <dd>{application.logo ? <Image src={application.logo} alt={t('form.logo')} width={72} height={72} /> : null}</dd>
      </div>
      <div>
        <dt>{t('form.contactName')}</dt>
        <dd dir="auto">{application.contactName}</dd>
      </div>
      <div>
        <dt>{t('form.phone')}</dt>
        <dd dir="ltr">{application.phone}</dd>
      </div>
      <div>
        <dt>{t('form.email')}</dt>
        <dd dir="ltr">{application.email}</dd>
      </div>
      <div>
        <dt>{t('form.country')}</dt>
        <dd>{country || application.countryId}</dd>
      </div>
      <div className="settle-details-wide">
        <dt>{t('form.description')}</dt>
        <dd dir="auto" className="settle-description">
          {application.description}
        </dd>
      </div>
      <div className="settle-details-wide">
        <dt>{t('form.documents')}</dt>
        <dd>
          <Image.PreviewGroup>
            <ul className="settle-documents">
              {application.documents.map((url, index) => (
                <li key={url}>
                  <Image src={url} alt={t('status.document', { index: index + 1 })} width={88} height={88} />
                </li>
              ))}
            </ul>
          </Image.PreviewGroup>
        </dd>
      </div>
      <div>
        <dt>{t('status.submittedAt')}</dt>
        <dd dir="ltr">{application.createTime}</dd>
      </div>
    </dl>
  );
}
