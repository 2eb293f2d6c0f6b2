import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../components/feedback.tsx';

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // older browsers and insecure origins: a hidden text area and the copy command
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

/** Copies a value (an address) and says so; `label` names what is copied for screen readers. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('wallet');
  const message = useMessage();
  const copy = () => {
    writeClipboard(text).then(
      () => void message.success(t('copy.done')),
      () => void message.error(t('copy.failed')),
    );
  };
  return (
    <Button icon={<CopyOutlined aria-hidden="true" />} onClick={copy} aria-label={label}>
      {t('copy.button')}
    </Button>
  );
}
