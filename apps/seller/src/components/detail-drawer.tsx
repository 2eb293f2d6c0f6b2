import type { UseQueryResult } from '@tanstack/react-query';
import { Drawer, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from './load-error.tsx';

/** A drawer showing one record: loading, the server's refusal with a retry, then the record. */
export function DetailDrawer<T>({ open, title, size, onClose, query, children }: { open: boolean; title: string; size: number; onClose: () => void; query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  return (
    <Drawer open={open} title={title} onClose={onClose} size={size} destroyOnHidden>
      {query.isPending ? <Skeleton active /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => query.refetch()} /> : null}
      {query.data ? children(query.data) : null}
    </Drawer>
  );
}
