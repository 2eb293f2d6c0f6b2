// Every operator action goes through here: a button that opens a confirmation dialog (with the fields
// the action needs, e.g. a reason or a transaction hash), runs the action, and shows its outcome: a
// success message, or the server's (translated) refusal inside the dialog.
import { Alert, App, Button, Checkbox, Form, Input, Modal, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api.ts';
import type { ImageUploadProps } from './image-upload.tsx';

/** Only the dialogs that take a picture load the upload control. */
const LazyImageUpload = lazy(() => import('./image-upload.tsx'));

/** The form item's direct child, so the value and onChange it passes reach the control. */
function ImageUpload(props: ImageUploadProps) {
  return (
    <Suspense fallback={null}>
      <LazyImageUpload {...props} />
    </Suspense>
  );
}

export interface DecisionField {
  name: string;
  label: string;
  required?: boolean;
  rules?: Rule[];
  multiline?: boolean;
  initialValue?: string;
  /** a choice among these instead of free text */
  options?: { value: string; label: string }[];
  /** longest text accepted (REASON_MAX unless said) */
  max?: number;
  /** a password: typed hidden */
  secret?: boolean;
  /** a picture uploaded when chosen: the field's value is its URL */
  image?: ImageUploadProps['upload'];
  /** a statement the operator ticks (its label); required: it must be ticked. The value is 'true' or 'false'. */
  check?: boolean;
}

export interface DecisionButtonProps {
  label: string;
  title: string;
  /** What will happen, in the operator's words. */
  description?: ReactNode;
  fields?: DecisionField[];
  danger?: boolean;
  primary?: boolean;
  /** Runs the action; the dialog closes when it resolves. */
  onConfirm(values: Record<string, string>): Promise<unknown>;
  successText: string;
}

export const REASON_MAX = 500;

export function DecisionButton({ label, title, description, fields = [], danger, primary, onConfirm, successText }: DecisionButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const [form] = Form.useForm<Record<string, string>>();

  const close = () => {
    setOpen(false);
    setFailure(undefined);
    form.resetFields();
  };

  const submit = async () => {
    let values: Record<string, string>;
    try {
      values = await form.validateFields();
    } catch {
      // the form shows what is wrong beside each field
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      // passwords as typed; every other text trimmed
      const secret = new Set(fields.filter((field) => field.secret).map((field) => field.name));
      await onConfirm(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, secret.has(key) ? String(value ?? '') : String(value ?? '').trim()])));
      void message.success(successText);
      close();
    } catch (error) {
      setFailure(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button danger={danger} type={primary ? 'primary' : 'default'} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        open={open}
        title={title}
        okText={t('common:actions.confirm')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ danger: danger ?? false, loading: busy }}
        onOk={() => void submit()}
        onCancel={close}
        destroyOnHidden
      >
        {description ? <div style={{ marginBottom: 16 }}>{description}</div> : null}
        <Form form={form} layout="vertical" preserve={false}>
          {fields.map((field) => (
            <Form.Item
              key={field.name}
              name={field.name}
              label={field.label}
              initialValue={field.check ? false : field.initialValue}
              {...(field.check ? { valuePropName: 'checked', label: undefined } : {})}
              rules={
                field.check
                  ? [...(field.required ? [{ validator: async (_: unknown, value: unknown) => (value === true ? undefined : Promise.reject(new Error(t('common:validation.tick')))) }] : [])]
                  : [
                      ...(field.required ? [{ required: true, whitespace: true, message: t('common:validation.required', { field: field.label }) }] : []),
                      { max: field.max ?? REASON_MAX, message: t('common:validation.tooLong', { max: field.max ?? REASON_MAX }) },
                      ...(field.rules ?? []),
                    ]
              }
            >
              {field.check ? (
                <Checkbox>{field.label}</Checkbox>
              ) : field.image ? (
                <ImageUpload upload={field.image} label={field.label} />
              ) : field.options ? (
                <Select options={field.options} />
              ) : field.secret ? (
                <Input.Password autoComplete="new-password" />
              ) : field.multiline ? (
                <Input.TextArea rows={3} />
              ) : (
                <Input />
              )}
            </Form.Item>
          ))}
        </Form>
        {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
      </Modal>
    </>
  );
}
