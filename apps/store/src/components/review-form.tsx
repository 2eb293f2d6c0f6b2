// The plumbing of a form the user submits for review (identity verification, settle-in application):
// each field checked by the shared rules with a translated message, picture uploads tracked so that
// submitting waits for every one, and the submission sent with a success toast (the API client shows
// the server's translated message on failure). Each form keeps its own fields, rules and texts.
import { Button, Form, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useCallback, useState } from 'react';
import { useMessage } from './feedback.tsx';

export type ParamsResult<P> = { ok: true; params: P } | { ok: false };

export interface ReviewFormOptions<V, F extends string, Problem extends string, P> {
  /** The shared rule of one field: undefined when it is fine. */
  check: (field: F, values: V) => Problem | undefined;
  /** The translated message of a field's problem. */
  problemText: (field: F, problem: Problem) => string;
  /** The call's parameters from the values (ok: false when a rule refuses them). */
  params: (values: V) => ParamsResult<P>;
  apply: { mutateAsync: (params: P) => Promise<unknown>; isPending: boolean };
  /** The translated toast after the submission was accepted. */
  submitted: string;
}

export interface ReviewForm<V, F extends string> {
  form: FormInstance<V>;
  rule: (field: F) => Rule[];
  onFinish: (values: V) => void;
  /** The uploading callback of one picture field (pass to ImageUpload's onUploadingChange). */
  trackUpload: (name: string) => (busy: boolean) => void;
  anyUploading: boolean;
  submitting: boolean;
}

export function useReviewForm<V, F extends string, Problem extends string, P>({ check, problemText, params, apply, submitted }: ReviewFormOptions<V, F, Problem, P>): ReviewForm<V, F> {
  const message = useMessage();
  const [form] = Form.useForm<V>();
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const anyUploading = Object.values(uploading).some(Boolean);

  const rule = (field: F): Rule[] => [
    {
      validator: () => {
        const problem = check(field, form.getFieldsValue(true) as V);
        return problem ? Promise.reject(new Error(problemText(field, problem))) : Promise.resolve();
      },
    },
  ];

  const submit = async (values: V) => {
    const result = params(values);
    if (!result.ok || anyUploading) return;
    try {
      await apply.mutateAsync(result.params);
      void message.success(submitted);
    } catch {
      // the API client has shown the server's translated message
    }
  };

  const trackUpload = useCallback(
    (name: string) => (busy: boolean) => setUploading((current) => (Boolean(current[name]) === busy ? current : { ...current, [name]: busy })),
    [],
  );

  return { form, rule, onFinish: (values) => void submit(values), trackUpload, anyUploading, submitting: apply.isPending };
}

/** The submit button, disabled while a picture uploads, with a line that says so. */
export function ReviewSubmit({ review, label, waitText, className, hintClassName, testId }: { review: Pick<ReviewForm<unknown, string>, 'anyUploading' | 'submitting'>; label: string; waitText: string; className: string; hintClassName: string; testId: string }) {
  return (
    <div className={className}>
      <Button type="primary" size="large" htmlType="submit" loading={review.submitting} disabled={review.anyUploading} data-testid={testId}>
        {label}
      </Button>
      {review.anyUploading ? (
        <span className={hintClassName} role="status">
          {waitText}
        </span>
      ) : null}
    </div>
  );
}
