import { Alert } from 'antd';
import { Link } from 'react-router';

/** A warning that says what is missing and links to where it is put right (set a fund password, recharge, ...). */
export function LinkAlert({
  title,
  to,
  linkText,
  className,
  linkClassName,
  testId,
}: {
  title: string;
  to: string;
  linkText: string;
  className: string;
  linkClassName: string;
  testId?: string;
}) {
  return (
    <Alert
      type="warning"
      showIcon
      className={className}
      title={title}
      action={
        <Link className={linkClassName} to={to}>
          {linkText}
        </Link>
      }
      data-testid={testId}
    />
  );
}
