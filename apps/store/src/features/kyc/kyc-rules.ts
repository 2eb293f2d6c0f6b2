// The identity verification forms' rules, as pure functions so they are tested without a browser.
// They mirror packages/contract/src/kyc.ts (kycApplyInput, kycHighLevelApplyInput); the store keeps
// its own copy because importing the contract would bundle zod. The server checks everything again
// and answers with its translated message.
import type { KycApplyParams, KycHighLevelApplyParams, KycHighLevelRecord, KycRecord } from '@caravan/contract/kyc';

export const REAL_NAME_PATH = '/userInfo/setup/real-name';
export const ADVANCED_PATH = '/userInfo/setup/advanced-verification';

/** uploadimg!execute module name that stores a picture privately (contract KYC_UPLOAD_MODULE). */
export const KYC_UPLOAD_MODULE = 'kyc';
export const KYC_PICTURE_MAX_MEGABYTES = 10;
export const NAME_MAX = 100;
export const ADDRESS_MAX = 200;
export const CITY_MAX = 60;
export const DOCUMENT_TYPES = ['id_card', 'passport', 'driving_licence'] as const;
const DOCUMENT_NUMBER = /^[A-Za-z0-9-]{4,40}$/;
const POSTCODE = /^[A-Za-z0-9 -]{2,12}$/;

/** Legacy status numbers: 0 not submitted, 1 pending, 2 passed, 3 rejected. */
export type KycView = 'form' | 'pending' | 'passed' | 'rejected';
export function kycViewOf(status: number | undefined): KycView {
  if (status === 1) return 'pending';
  if (status === 2) return 'passed';
  if (status === 3) return 'rejected';
  return 'form';
}

/** A document number as shown once verified: the last 4 characters, the rest masked. */
export function maskDocumentNumber(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  return `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

export interface RealNameValues {
  name?: string;
  nationality?: number;
  idname?: string;
  idnumber?: string;
  front?: string[];
  back?: string[];
  hand?: string[];
}
export type RealNameField = keyof RealNameValues;
export type FieldProblem = 'required' | 'invalid' | 'tooLong';

const text = (value: string | undefined) => (value ?? '').trim();

export function checkRealNameField(field: RealNameField, values: RealNameValues): FieldProblem | undefined {
  switch (field) {
    case 'name': {
      const name = text(values.name);
      if (name === '') return 'required';
      return [...name].length > NAME_MAX ? 'tooLong' : undefined;
    }
    case 'nationality':
      return values.nationality && values.nationality > 0 ? undefined : 'required';
    case 'idname':
      if (!values.idname) return 'required';
      return (DOCUMENT_TYPES as readonly string[]).includes(values.idname) ? undefined : 'invalid';
    case 'idnumber': {
      const number = text(values.idnumber);
      if (number === '') return 'required';
      return DOCUMENT_NUMBER.test(number) ? undefined : 'invalid';
    }
    case 'front':
    case 'back':
    case 'hand':
      return values[field]?.length === 1 ? undefined : 'required';
  }
}

const REAL_NAME_FIELDS: RealNameField[] = ['name', 'nationality', 'idname', 'idnumber', 'front', 'back', 'hand'];

export function realNameParams(values: RealNameValues): { ok: true; params: KycApplyParams } | { ok: false } {
  if (REAL_NAME_FIELDS.some((field) => checkRealNameField(field, values))) return { ok: false };
  return {
    ok: true,
    params: {
      name: text(values.name),
      nationality: values.nationality ?? 0,
      idname: values.idname ?? '',
      idnumber: text(values.idnumber),
      idimg_1: values.front?.[0] ?? '',
      idimg_2: values.back?.[0] ?? '',
      idimg_3: values.hand?.[0] ?? '',
    },
  };
}

/** After a refusal: the form again with what was sent (pictures included, while their URLs work). */
export function valuesFromKyc(record: KycRecord | undefined): RealNameValues {
  if (!record || record.status === 0) return {};
  const nationality = Number(record.nationality);
  const picture = (url: string) => (url ? [url] : []);
  return {
    name: record.name,
    ...(Number.isSafeInteger(nationality) && nationality > 0 ? { nationality } : {}),
    idname: record.idname,
    idnumber: record.idnumber,
    front: picture(record.idimg_1),
    back: picture(record.idimg_2),
    hand: picture(record.idimg_3),
  };
}

export interface AdvancedValues {
  address?: string;
  city?: string;
  postcode?: string;
  proof?: string[];
}
export type AdvancedField = keyof AdvancedValues;
export const MAX_PROOF_PICTURES = 2;

export function checkAdvancedField(field: AdvancedField, values: AdvancedValues): FieldProblem | undefined {
  switch (field) {
    case 'address': {
      const address = text(values.address);
      if (address === '') return 'required';
      return [...address].length > ADDRESS_MAX ? 'tooLong' : undefined;
    }
    case 'city': {
      const city = text(values.city);
      if (city === '') return 'required';
      return [...city].length > CITY_MAX ? 'tooLong' : undefined;
    }
    case 'postcode': {
      const postcode = text(values.postcode);
      return postcode === '' || POSTCODE.test(postcode) ? undefined : 'invalid';
    }
    case 'proof': {
      const count = values.proof?.length ?? 0;
      if (count === 0) return 'required';
      return count > MAX_PROOF_PICTURES ? 'invalid' : undefined;
    }
  }
}

const ADVANCED_FIELDS: AdvancedField[] = ['address', 'city', 'postcode', 'proof'];

export function advancedParams(values: AdvancedValues): { ok: true; params: KycHighLevelApplyParams } | { ok: false } {
  if (ADVANCED_FIELDS.some((field) => checkAdvancedField(field, values))) return { ok: false };
  const postcode = text(values.postcode);
  const [first = '', second] = values.proof ?? [];
  return {
    ok: true,
    params: { address: text(values.address), city: text(values.city), ...(postcode ? { postcode } : {}), idimg_1: first, ...(second ? { idimg_2: second } : {}) },
  };
}

export function valuesFromAdvanced(record: KycHighLevelRecord | undefined): AdvancedValues {
  if (!record || record.status === 0) return {};
  return { address: record.address, city: record.city, postcode: record.postcode, proof: [record.idimg_1, record.idimg_2].filter((url) => url !== '') };
}
