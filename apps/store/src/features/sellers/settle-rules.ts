// The settle-in (become-a-merchant) form's rules, as pure functions so they are tested without a
// browser. They mirror packages/contract/src/sellers.ts (settleApplyInput) and the settle-in service's
// phone and e-mail checks; the store keeps its own copy because importing the contract would bundle zod.
// The server checks everything again and answers with its translated message.
import type { SettleApplication } from '@caravan/contract/sellers';

/** The seller web app (apps/seller), where an approved applicant manages the shop. */
export const SELLER_PANEL_PATH = '/seller/';
export const MERCHANT_SETTLED_PATH = '/merchantSettled';

export const SHOP_NAME_MAX = 60;
export const CONTACT_NAME_MAX = 60;
export const PHONE_MAX = 30;
export const PHONE_MIN_DIGITS = 6;
export const EMAIL_MAX = 64;
export const DESCRIPTION_MAX = 2000;
/** Supporting documents: at least one, at most this many (contract MAX_SELLER_DOCUMENTS). */
export const MIN_DOCUMENTS = 1;
export const MAX_DOCUMENTS = 6;
/**
 * uploadimg!execute module names: the logo is an ordinary picture (10M); documents are private (10M),
 * shown only through signed, expiring URLs to the applicant and to operators.
 */
export const LOGO_MODULE = 'general';
export const LOGO_MAX_MEGABYTES = 10;
export const DOCUMENT_MODULE = 'seller_document';
export const DOCUMENT_MAX_MEGABYTES = 10;

const EMAIL = /^[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const PHONE = /^\+?[\d\s\-()]+$/;

export interface SettleValues {
  shopName?: string;
  logo?: string[];
  contactName?: string;
  phone?: string;
  email?: string;
  countryId?: number;
  description?: string;
  documents?: string[];
}

export type SettleField = keyof SettleValues;
export type SettleProblem = 'required' | 'tooLong' | 'invalid' | 'tooMany';

/** Length in characters as the server counts them (code points). */
const length = (text: string) => [...text].length;
const text = (value: string | undefined) => (value ?? '').trim();

function checkText(value: string | undefined, max: number): SettleProblem | undefined {
  const trimmed = text(value);
  if (!trimmed) return 'required';
  return length(trimmed) > max ? 'tooLong' : undefined;
}

/** One field's problem, undefined when it may be sent. */
export function checkSettleField(field: SettleField, values: SettleValues): SettleProblem | undefined {
  switch (field) {
    case 'shopName':
      return checkText(values.shopName, SHOP_NAME_MAX);
    case 'logo':
      return (values.logo ?? []).length === 0 ? 'required' : undefined;
    case 'contactName':
      return checkText(values.contactName, CONTACT_NAME_MAX);
    case 'phone': {
      const phone = text(values.phone);
      if (!phone) return 'required';
      return length(phone) > PHONE_MAX || !PHONE.test(phone) || phone.replace(/\D/g, '').length < PHONE_MIN_DIGITS ? 'invalid' : undefined;
    }
    case 'email': {
      const email = text(values.email);
      if (!email) return 'required';
      return length(email) > EMAIL_MAX || !EMAIL.test(email) ? 'invalid' : undefined;
    }
    case 'countryId':
      return typeof values.countryId === 'number' && Number.isSafeInteger(values.countryId) && values.countryId > 0 ? undefined : 'required';
    case 'description':
      return checkText(values.description, DESCRIPTION_MAX);
    case 'documents': {
      const count = (values.documents ?? []).length;
      if (count < MIN_DOCUMENTS) return 'required';
      return count > MAX_DOCUMENTS ? 'tooMany' : undefined;
    }
  }
}

export const SETTLE_FIELDS: readonly SettleField[] = ['shopName', 'logo', 'contactName', 'phone', 'email', 'countryId', 'description', 'documents'];

export interface SettleParams {
  shopName: string;
  logo: string;
  contactName: string;
  phone: string;
  email: string;
  countryId: number;
  description: string;
  /** comma list of upload URLs, as legacy clients send lists */
  documents: string;
}

/** merchantSettled!apply's parameters, or the first field with a problem (in the form's order). */
export function settleParams(values: SettleValues): { ok: true; params: SettleParams } | { ok: false; field: SettleField; problem: SettleProblem } {
  for (const field of SETTLE_FIELDS) {
    const problem = checkSettleField(field, values);
    if (problem) return { ok: false, field, problem };
  }
  return {
    ok: true,
    params: {
      shopName: text(values.shopName),
      logo: values.logo?.[0] ?? '',
      contactName: text(values.contactName),
      phone: text(values.phone),
      email: text(values.email),
      countryId: values.countryId ?? 0,
      description: text(values.description),
      documents: (values.documents ?? []).join(','),
    },
  };
}

/** The form prefilled from an earlier (rejected) application, to apply again. */
export function valuesFromApplication(application: SettleApplication | null | undefined): SettleValues {
  if (!application) return {};
  return {
    shopName: application.shopName,
    logo: application.logo ? [application.logo] : [],
    contactName: application.contactName,
    phone: application.phone,
    email: application.email,
    ...(application.countryId > 0 ? { countryId: application.countryId } : {}),
    description: application.description,
    documents: application.documents.slice(0, MAX_DOCUMENTS),
  };
}

export type SettleView = 'seller' | 'pending' | 'rejected' | 'form';

/** What the page shows for merchantSettled!get's answer. */
export function settleViewOf(status: { isSeller: boolean; application: Pick<SettleApplication, 'state'> | null }): SettleView {
  if (status.isSeller) return 'seller';
  if (status.application?.state === 'pending') return 'pending';
  if (status.application?.state === 'rejected') return 'rejected';
  return 'form';
}
