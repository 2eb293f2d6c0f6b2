import { emptyInput } from '@caravan/contract/accounts';
import { kycApplyInput, kycHighLevelApplyInput, kycHighLevelOutput, kycOutput } from '@caravan/contract/kyc';
import { defineAction, type AnyAction } from '../../gateway/action.ts';
import { HOUR_MS } from '../../platform/clock.ts';
import type { RateRule } from '../../platform/rate-limit.ts';
import { toKycHighLevelRecord, toKycRecord, type KycViewDeps } from './kyc.mapper.ts';
import type { KycService } from './kyc.service.ts';

// Identity verification calls (api area, a logged-in user). Each answers with the caller's own
// record only; pictures come back as signed URLs that expire.

const TAG = 'kyc';

const KYC_RATE_RULES = {
  /** submissions: a person needs a handful, a script probing documents gets stopped */
  appliesPerUser: { name: 'kyc:apply', max: 20, windowMs: HOUR_MS },
} as const satisfies Record<string, RateRule>;

export function kycActions(kyc: KycService, view: KycViewDeps): AnyAction[] {
  const applies = [{ rule: KYC_RATE_RULES.appliesPerUser, subject: 'user' as const }];
  const realName = async (userId: string) => toKycRecord(await kyc.current(userId, 'real_name'), view);
  const advanced = async (userId: string) => {
    const summary = await kyc.summary(userId);
    return toKycHighLevelRecord(summary.advanced, summary.realName, view);
  };
  return [
    defineAction({
      call: 'kyc!get',
      tag: TAG,
      auth: 'user',
      summary: "The caller's real-name verification: status (0 not submitted, 1 pending, 2 passed, 3 rejected), msg (the operator's reason when rejected), the submitted fields and signed, expiring URLs of the three pictures.",
      input: emptyInput,
      output: kycOutput,
      handler: (_input, ctx) => realName(ctx.user.id),
    }),
    defineAction({
      call: 'kyc!apply',
      tag: TAG,
      auth: 'user',
      summary:
        'Submit real-name verification: name, nationality (country id), idname (id_card, passport, driving_licence), idnumber, idimg_1 front, idimg_2 back, idimg_3 held in hand (pictures the caller uploaded with uploadimg!execute and moduleName=kyc). One waiting at a time; after a refusal submit again.',
      input: kycApplyInput,
      output: kycOutput,
      successMessage: 'success.application_submitted',
      rateLimits: applies,
      handler: async (input, ctx) => {
        await kyc.applyRealName(ctx.user.id, input, ctx.requestId);
        return realName(ctx.user.id);
      },
    }),
    defineAction({
      call: 'kycHighLevel!get',
      tag: TAG,
      auth: 'user',
      summary: "The caller's advanced verification (proof of address): status as kyc!get, realNameStatus (it can be submitted once that is 2), the address and signed picture URLs.",
      input: emptyInput,
      output: kycHighLevelOutput,
      handler: (_input, ctx) => advanced(ctx.user.id),
    }),
    defineAction({
      call: 'kycHighLevel!apply',
      tag: TAG,
      auth: 'user',
      summary: 'Submit advanced verification: address, city, postcode (optional), idimg_1 proof of address and an optional idimg_2 (private pictures the caller uploaded). Refused with kyc.real_name_required until real-name verification passed.',
      input: kycHighLevelApplyInput,
      output: kycHighLevelOutput,
      successMessage: 'success.application_submitted',
      rateLimits: applies,
      handler: async (input, ctx) => {
        await kyc.applyAdvanced(ctx.user.id, input, ctx.requestId);
        return advanced(ctx.user.id);
      },
    }),
  ];
}
