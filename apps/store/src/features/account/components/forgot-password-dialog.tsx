import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import brand from 'virtual:brand';

/** Passwords are reset by customer service (there is no self-service reset): how to reach them. */
export function ForgotPasswordLink() {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const { email, phone } = brand.contacts;
  return (
    <>
      <Button type="link" className="account-inline-link" onClick={() => setOpen(true)}>
        {t('login.forgot')}
      </Button>
      <Modal
        open={open}
        title={t('forgot.title')}
        onCancel={() => setOpen(false)}
        footer={
          <Button type="primary" onClick={() => setOpen(false)}>
            {t('forgot.close')}
          </Button>
        }
      >
        <p>{t('forgot.text', { brand: brand.name })}</p>
        <ul className="account-contact-list">
          {email && (
            <li>
              <MailOutlined aria-hidden="true" /> <span className="account-contact-label">{t('forgot.email')}</span>{' '}
              <a href={`mailto:${email}`}>{email}</a>
            </li>
          )}
          {phone && (
            <li>
              <PhoneOutlined aria-hidden="true" /> <span className="account-contact-label">{t('forgot.phone')}</span>{' '}
              <a href={`tel:${phone.replace(/\s+/g, '')}`} dir="ltr">
                {phone}
              </a>
            </li>
          )}
        </ul>
        <p className="account-muted">{t('forgot.hint')}</p>
      </Modal>
    </>
  );
}
