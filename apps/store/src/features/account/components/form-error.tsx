import { ApiError } from '@caravan/ui/api-client';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** The server's (already translated) answer to a failed form, shown inside the form. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation('account');
  if (!error) return null;
  const text = error instanceof ApiError && error.message ? error.message : t('errors.network');
  return <Alert className="account-form-error" type="error" showIcon title={text} role="alert" />;
}
