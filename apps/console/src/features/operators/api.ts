import { consoleOperatorPage, consoleOperatorRow, type operatorCreateBody } from '@caravan/contract/console';
import type { Query } from '@caravan/ui/rest-client';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type OperatorRow = z.output<typeof consoleOperatorRow>;
export type Role = OperatorRow['role'];

export const operatorsQuery = (filter: Query) => queryOptions({ queryKey: ['operators', 'list', filter], queryFn: () => api.get('/operators', consoleOperatorPage, filter) });

export type OperatorChange =
  | { kind: 'create'; body: z.input<typeof operatorCreateBody> }
  | { kind: 'role'; id: string; role: Role; reason: string }
  | { kind: 'disable' | 'enable'; id: string; reason: string }
  | { kind: 'password'; id: string; password: string; reason: string };

export function useOperatorChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: OperatorChange) => {
      const path = (id: string, action: string) => `/operators/${encodeURIComponent(id)}/${action}`;
      switch (change.kind) {
        case 'create':
          return api.post('/operators', consoleOperatorRow, change.body);
        case 'role':
          return api.post(path(change.id, 'role'), consoleOperatorRow, { role: change.role, reason: change.reason });
        case 'password':
          return api.post(path(change.id, 'password'), consoleOperatorRow, { password: change.password, reason: change.reason });
        default:
          return api.post(path(change.id, change.kind), consoleOperatorRow, { reason: change.reason });
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['operators'] }),
  });
}
