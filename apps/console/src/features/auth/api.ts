import { consoleOperator, loginAnswer, type loginBody } from '@caravan/contract/console';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';

export function useLogin() {
  return useMutation({
    mutationFn: (body: z.input<typeof loginBody>) => api.post('/auth/login', loginAnswer, body),
    onSuccess: (answer) => session.signIn(answer),
  });
}

/** The operator as the server sees them now (a changed role shows without signing in again). */
export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: ['me'],
    queryFn: async () => {
      const me = await api.get('/auth/me', consoleOperator);
      session.update({ operator: me });
      return me;
    },
    enabled,
    staleTime: 60_000,
  });
}

export async function logout(): Promise<void> {
  try {
    await api.post('/auth/logout', z.null());
  } finally {
    session.end();
  }
}
