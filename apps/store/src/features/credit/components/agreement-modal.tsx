import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** The loan agreement's clauses (the legacy client opened them on the promote site; here in the store). */
export const AGREEMENT_CLAUSES = ['parties', 'purpose', 'interest', 'repayment', 'overdue', 'identity', 'privacy'] as const;

export function AgreementModal({ open, onClose, onAgree }: { open: boolean; onClose: () => void; onAgree: () => void }) {
  const { t } = useTranslation('credit');
  return (
    <Modal
      open={open}
      title={t('agreement.title')}
      onCancel={onClose}
      width={680}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('agreement.close')}
        </Button>,
        <Button key="agree" type="primary" onClick={onAgree}>
          {t('agreement.agree')}
        </Button>,
      ]}
    >
      <ol className="credit-agreement">
        {AGREEMENT_CLAUSES.map((clause) => (
          <li key={clause}>{t(`agreement.clauses.${clause}`)}</li>
        ))}
      </ol>
    </Modal>
  );
}
