import { Alert, Button } from 'antd';

/** A query that could not be loaded: what failed (in the screen's words) and a button to try again. */
export function LoadFailed({ title, retry, onRetry }: { title: string; retry: string; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      action={
        <Button size="small" onClick={onRetry}>
          {retry}
        </Button>
      }
    />
  );
}
