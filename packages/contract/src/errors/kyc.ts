import { spec, type ErrorSpec } from './error-spec.ts';

// Identity verification (KYC): real-name (name, nationality, identity document and its pictures) and
// advanced verification (proof of address), each reviewed by an operator.
export const kycErrors = {
  'kyc.name_required': spec.bad,
  'kyc.name_invalid': spec.bad,
  'kyc.nationality_invalid': spec.bad,
  'kyc.document_type_required': spec.bad,
  'kyc.document_type_invalid': spec.bad,
  'kyc.document_number_required': spec.bad,
  'kyc.document_number_invalid': spec.bad,
  'kyc.picture_required': spec.bad,
  /** not a private identity picture this user uploaded (uploadimg!execute with moduleName=kyc) */
  'kyc.picture_invalid': spec.bad,
  'kyc.address_required': spec.bad,
  'kyc.address_invalid': spec.bad,
  'kyc.city_required': spec.bad,
  'kyc.city_invalid': spec.bad,
  'kyc.postcode_invalid': spec.bad,
  /** a submission of this level is already waiting for review */
  'kyc.pending': spec.conflict,
  /** this level has already passed */
  'kyc.already_verified': spec.conflict,
  /** spec "real-name not verified (verify now?)": advanced verification, loans ... need it first */
  'kyc.real_name_required': spec.forbidden,
  /** spec "advanced certification first": a withdrawal above the configured amount */
  'kyc.advanced_required': spec.forbidden,
  'kyc.submission_not_found': spec.notFound,
  /** console: decided by someone else meanwhile */
  'kyc.already_decided': spec.conflict,
  'kyc.reason_required': spec.bad,
} as const satisfies Record<`kyc.${string}`, ErrorSpec>;
