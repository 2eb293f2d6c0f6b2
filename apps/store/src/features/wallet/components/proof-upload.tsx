import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadProof } from '../api/upload-proof.ts';
import { checkProofFile, PROOF_ACCEPT, PROOF_MAX_MEGABYTES } from '../proof-image.ts';
import { useMessage } from '../../../components/feedback.tsx';

export interface ProofUploadProps {
  /** the stored image URL (the form field's value) */
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** told while a file is being uploaded (the form's submit waits) */
  onUploadingChange?: (uploading: boolean) => void;
  /** the form field's id, so the label names the button */
  id?: string;
  'aria-describedby'?: string;
}

/** One payment-proof screenshot (JPEG or PNG, 10 MB at most), uploaded as soon as it is picked. */
export function ProofUpload({ value, onChange, onUploadingChange, id, ...rest }: ProofUploadProps) {
  const { t } = useTranslation('wallet');
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProof();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const check = checkProofFile(file);
    if (check !== 'ok') {
      void message.error(t(`proof.error.${check}`, { size: PROOF_MAX_MEGABYTES }));
      return;
    }
    onUploadingChange?.(true);
    try {
      // a failure is already told by the API client's toast
      onChange?.(await upload.mutateAsync(file));
    } catch {
      // keep the previous picture, if any
    } finally {
      onUploadingChange?.(false);
    }
  };

  return (
    <div className="wallet-proof">
      <input ref={input} type="file" accept={PROOF_ACCEPT} hidden tabIndex={-1} onChange={(event) => void pick(event)} data-testid="proof-input" />
      {value ? (
        <div className="wallet-proof-preview">
          <img src={value} alt={t('proof.previewAlt')} className="wallet-proof-thumb" />
          <div className="wallet-proof-actions">
            <Button id={id} icon={<UploadOutlined aria-hidden="true" />} loading={upload.isPending} onClick={() => input.current?.click()} aria-describedby={rest['aria-describedby']}>
              {t('proof.replace')}
            </Button>
            <Button icon={<DeleteOutlined aria-hidden="true" />} onClick={() => onChange?.(undefined)} disabled={upload.isPending}>
              {t('proof.remove')}
            </Button>
          </div>
        </div>
      ) : (
        <Button id={id} icon={<UploadOutlined aria-hidden="true" />} loading={upload.isPending} onClick={() => input.current?.click()} aria-describedby={rest['aria-describedby']}>
          {upload.isPending ? t('proof.uploading') : t('proof.choose')}
        </Button>
      )}
      <p className="wallet-hint">{t('proof.hint', { size: PROOF_MAX_MEGABYTES })}</p>
    </div>
  );
}
