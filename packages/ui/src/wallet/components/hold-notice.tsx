import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { readPlatformTimeZone } from '../../format.ts';
import { holdNoticesOf, type HoldFields } from '../hold-notice.ts';

/** Why a withdrawal waits and until when: a full sentence (details) or a short note (tables). */
export function HoldNotice({ fields, short = false }: { fields: HoldFields; short?: boolean }) {
  const { t } = useTranslation('wallet');
  const notices = holdNoticesOf(fields, readPlatformTimeZone(document));
  if (notices.length === 0) return null;
  const texts = notices.map((notice) => (notice.key === 'addressChanged' ? t(`hold.${short ? 'short.' : ''}addressChanged`, { until: notice.until }) : t(`hold.${short ? 'short.' : ''}newAddress`)));
  if (short) {
    return (
      <span className="wallet-hold-note" role="note">
        {texts.join(' \u00b7 ')}
      </span>
    );
  }
  return <Alert type="warning" showIcon role="status" className="wallet-hold-notice" title={texts.map((text) => <div key={text}>{text}</div>)} />;
}
