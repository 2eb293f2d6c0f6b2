// Wire shapes of the `credit!*` calls (API reference §9), taken from the shared zod contract at the type
// level only (the store does not bundle zod).
import type { PageObject } from '@caravan/contract/paging';
import type { creditBeforePayOutput, creditBillOutput, creditConfigOutput, creditRecordOutput } from '@caravan/contract/loans';

/** The output type of a zod schema, without importing zod. */
type WireOf<Schema> = Schema extends { _zod: { output: infer Output } } ? Output : never;

/** credit!config: rates per day, the terms, the amount range */
export type CreditConfig = WireOf<typeof creditConfigOutput>;
/** credit!bill: the loan in use, zeros when there is none */
export type CreditBill = WireOf<typeof creditBillOutput>;
/** one loan of credit!histroy, and credit!beforereapply's answer */
export type CreditRecord = WireOf<typeof creditRecordOutput>;
/** credit!beforepay: what repaying costs now, and the wallet balance */
export type BeforePay = WireOf<typeof creditBeforePayOutput>;

export type { PageObject };
