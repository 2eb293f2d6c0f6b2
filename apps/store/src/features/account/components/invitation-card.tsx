import { CopyOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../components/feedback.tsx';

/** The invitation link (with a copy button) and its QR code when the server made one (dashboard, invite page). */
export function InvitationCard({ url, qr }: { url: string; qr: string }) {
  const { t } = useTranslation('account');
  const message = useMessage();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('dashboard.copied'));
    } catch {
      void message.error(t('dashboard.copyFailed'));
    }
  };
  return (
    <section className="account-card account-card-wide" aria-labelledby="account-invite-title">
      <h2 id="account-invite-title" className="account-card-title">
        {t('dashboard.invite')}
      </h2>
      <p className="account-muted">{t('dashboard.inviteText')}</p>
      <div className="account-invite">
        {qr.startsWith('data:image/') && <img className="account-invite-qr" src={qr} alt={t('dashboard.inviteQr')} width={96} height={96} />}
        <div className="account-invite-link">
          <label htmlFor="account-invite-url" className="account-field-label">
            {t('dashboard.inviteLink')}
          </label>
          <div className="account-invite-row">
            <Input id="account-invite-url" value={url} readOnly dir="ltr" onFocus={(event) => event.target.select()} />
            <Button icon={<CopyOutlined aria-hidden="true" />} onClick={() => void copy()}>
              {t('dashboard.copy')}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
