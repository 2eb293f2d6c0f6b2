// Public platform settings the store needs (syspara!getSyspara), fetched once and cached.
import { DEFAULT_MAX_PER_ORDER } from '@caravan/ui/cart';
import { readPlatformTimeZone } from '@caravan/ui/format';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { serverContext } from './server-context.ts';

const CODES = ['mall_max_goods_number_in_order', 'customer_service_url'] as const;

export function usePlatformSettings() {
  const query = useQuery({
    queryKey: ['syspara', ...CODES],
    queryFn: () => api.call<Record<string, string | null>>('syspara!getSyspara', { code: CODES.join(',') }, { silent: true }),
    staleTime: 10 * 60_000,
  });
  const max = Number(query.data?.mall_max_goods_number_in_order);
  return {
    maxPerOrder: Number.isInteger(max) && max > 0 ? max : DEFAULT_MAX_PER_ORDER,
    customerServiceUrl: query.data?.customer_service_url ?? '',
  };
}

/** The platform's time zone, written into index.html by the server (which knows it while it renders). */
export function platformTimeZone(): string {
  return serverContext()?.platformTimeZone ?? readPlatformTimeZone(document);
}
