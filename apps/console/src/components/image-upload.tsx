// A form control whose value is the URL of an uploaded picture: choosing a file uploads it at once
// (the server checks and re-encodes it) and shows it; the server's refusal shows under the control.
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api.ts';

export interface ImageUploadProps {
  /** stores the file and answers its URL */
  upload(file: File): Promise<string>;
  label: string;
  value?: string;
  onChange?: (url: string) => void;
}

export const IMAGE_TYPES = 'image/png,image/jpeg';

export default function ImageUpload({ upload, label, value, onChange }: ImageUploadProps) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {value ? <Image src={value} alt={label} width={240} /> : null}
      <Upload
        accept={IMAGE_TYPES}
        showUploadList={false}
        customRequest={({ file }) => {
          setBusy(true);
          setFailure(undefined);
          upload(file as File)
            .then((url) => onChange?.(url))
            .catch((error: unknown) => setFailure(errorText(error, t)))
            .finally(() => setBusy(false));
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} aria-label={label}>
          {t('common:upload.choose')}
        </Button>
      </Upload>
      {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
    </Space>
  );
}
