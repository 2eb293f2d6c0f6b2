import { consoleSetting, consoleSettings } from '@caravan/contract/console';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export type Setting = z.output<typeof consoleSetting>;

export const settingsQuery = queryOptions({ queryKey: ['settings'], queryFn: () => api.get('/settings', consoleSettings) });

export function useUpdateSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value, reason }: { key: string; value: unknown; reason: string }) => api.post(`/settings/${encodeURIComponent(key)}`, consoleSetting, { value, reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['settings'] }),
  });
}

/** The value as the operator types it: text as it is, everything else as JSON. */
export function valueText(setting: Pick<Setting, 'kind' | 'value'>): string {
  return setting.kind === 'string' ? String(setting.value ?? '') : JSON.stringify(setting.value);
}

/** The typed text back into a value of the parameter's kind; undefined when it is not one. */
export function parseValue(kind: Setting['kind'], text: string): { ok: true; value: unknown } | { ok: false } {
  if (kind === 'string') return { ok: true, value: text };
  try {
    const value: unknown = JSON.parse(text);
    if (kind === 'number' && typeof value !== 'number') return { ok: false };
    if (kind === 'boolean' && typeof value !== 'boolean') return { ok: false };
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}
