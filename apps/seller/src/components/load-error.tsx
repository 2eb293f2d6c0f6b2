import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api.ts';

/** A list or figure that could not be loaded: the server's reason and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={errorText(error, t)}
      style={{ marginBottom: 16 }}
      action={
        <Button size="small" onClick={() => void onRetry()}>
          {t('common:actions.retry')}
        </Button>
      }
    />
  );
}
