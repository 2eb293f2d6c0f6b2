// Identity verification (KYC) calls, shared by the user centre's verification screens and the loan
// application (which prefills name, document number and nationality from a passed real-name check).
import type { KycApplyParams, KycHighLevelApplyParams, KycHighLevelRecord, KycRecord } from '@caravan/contract/kyc';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { useSession } from '../lib/session.ts';

export const kycKeys = {
  realName: (viewer: string) => ['kyc', 'real-name', viewer] as const,
  advanced: (viewer: string) => ['kyc', 'advanced', viewer] as const,
};

/** Keyed by the signed-in user, so another login on the same tab never sees this one's documents. */
export function useKycViewer(): string | undefined {
  const { token, user } = useSession();
  return token ? (user?.usercode ?? 'user') : undefined;
}

/** kyc!get: the real-name record (status 0 when never submitted); picture URLs are signed and expire. */
export function getKyc(): Promise<KycRecord> {
  return api.call<KycRecord>('kyc!get');
}

/** kycHighLevel!get: the advanced record and where the real-name check stands. */
export function getKycHighLevel(): Promise<KycHighLevelRecord> {
  return api.call<KycHighLevelRecord>('kycHighLevel!get');
}

export const kycQueryOptions = (viewer: string) => queryOptions({ queryKey: kycKeys.realName(viewer), queryFn: getKyc, staleTime: 0 });
export const kycHighLevelQueryOptions = (viewer: string) => queryOptions({ queryKey: kycKeys.advanced(viewer), queryFn: getKycHighLevel, staleTime: 0 });

export function useKyc(viewer: string | undefined) {
  return useQuery({ ...kycQueryOptions(viewer ?? ''), enabled: Boolean(viewer) });
}

export function useKycHighLevel(viewer: string | undefined) {
  return useQuery({ ...kycHighLevelQueryOptions(viewer ?? ''), enabled: Boolean(viewer) });
}

export function useApplyKyc(viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // a second submit is refused by the server (one waiting at a time), so no idempotency key
    mutationFn: (params: KycApplyParams) => api.call<KycRecord>('kyc!apply', { ...params }),
    onSuccess: (record) => {
      queryClient.setQueryData(kycKeys.realName(viewer), record);
      void queryClient.invalidateQueries({ queryKey: ['account', 'user-info'] });
    },
  });
}

export function useApplyKycHighLevel(viewer: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: KycHighLevelApplyParams) => api.call<KycHighLevelRecord>('kycHighLevel!apply', { ...params }),
    onSuccess: (record) => {
      queryClient.setQueryData(kycKeys.advanced(viewer), record);
      void queryClient.invalidateQueries({ queryKey: ['account', 'user-info'] });
    },
  });
}
