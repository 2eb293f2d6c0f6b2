import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { historyRequest } from '../credit-rules.ts';
import type { CreditRecord, PageObject } from '../types.ts';
import { creditKeys } from './credit-keys.ts';

/** credit!histroy (sic): the user's loans, newest first, asked with pageNum/pageSize, answered as a Page. */
export function getCreditHistory(pageNum: number, pageSize: number): Promise<PageObject<CreditRecord>> {
  return api.call<PageObject<CreditRecord>>('credit!histroy', historyRequest(pageNum, pageSize));
}

export const creditHistoryQueryOptions = (pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: creditKeys.historyPage(pageNum, pageSize),
    queryFn: () => getCreditHistory(pageNum, pageSize),
    placeholderData: keepPreviousData,
  });

export function useCreditHistory(pageNum: number, pageSize: number) {
  return useQuery(creditHistoryQueryOptions(pageNum, pageSize));
}
