import { z } from 'zod';
import { requiredText } from './accounts.ts';
import { consolePage, consolePageQuery, decisionAuditEntry } from './console.ts';

export { consoleUserKyc, type ConsoleUserKyc } from './console.ts';
import { intParam } from './params.ts';

// Identity verification (KYC). Real-name: name, nationality (a country id of the address
// directory), identity document type and number, and three pictures (front, back, held in hand).
// Advanced: proof of address (address, city, postcode and one or two pictures), offered only after
// the real-name check passed. Each submission is reviewed by an operator; a refused one shows the
// reason and may be submitted again (a new submission; earlier ones stay on record).
// Pictures are private: uploaded with `uploadimg!execute` and moduleName=kyc, they are served only
// through signed, expiring URLs handed to their owner and to operators allowed to read KYC.

export const KYC_LEVELS = ['real_name', 'advanced'] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];
export const KYC_STATES = ['pending', 'approved', 'rejected'] as const;
export type KycState = (typeof KYC_STATES)[number];

/** Legacy status numbers (`kyc_status`, `kyc_high_level_status`, `status` of kyc!get). */
export const KYC_STATUS = { none: 0, pending: 1, passed: 2, rejected: 3 } as const;
export type KycStatusNumber = (typeof KYC_STATUS)[keyof typeof KYC_STATUS];

/** Identity document types (`idname`). */
export const KYC_DOCUMENT_TYPES = ['id_card', 'passport', 'driving_licence'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** The upload purpose (`moduleName` of uploadimg!execute) that stores a picture privately. */
export const KYC_UPLOAD_MODULE = 'kyc';

export const KYC_NAME_MAX = 100;
export const KYC_DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9-]{4,40}$/;
export const KYC_ADDRESS_MAX = 200;
export const KYC_CITY_MAX = 60;
export const KYC_POSTCODE_PATTERN = /^[A-Za-z0-9 -]{2,12}$/;

/** A picture the user uploaded privately (the URL uploadimg!execute answered with). */
const picture = () => requiredText('kyc.picture_required', 'kyc.picture_invalid', 500);

// ---- legacy calls (api area, a logged-in user) ------------------------------------------------------

/** kyc!apply: submit (or re-submit after a refusal) the real-name check. */
export const kycApplyInput = z.object({
  name: requiredText('kyc.name_required', 'kyc.name_invalid', KYC_NAME_MAX),
  /** country id of the address directory */
  nationality: intParam({ min: 1, max: 1_000_000, error: 'kyc.nationality_invalid' }),
  /** document type: id_card, passport or driving_licence */
  idname: requiredText('kyc.document_type_required', 'kyc.document_type_invalid', 30).refine((value) => (KYC_DOCUMENT_TYPES as readonly string[]).includes(value.trim()), {
    error: 'kyc.document_type_invalid',
  }),
  idnumber: requiredText('kyc.document_number_required', 'kyc.document_number_invalid', 40),
  /** front of the document */
  idimg_1: picture(),
  /** back of the document */
  idimg_2: picture(),
  /** the user holding the document */
  idimg_3: picture(),
});
/** kyc!apply's parameters as checked (what the store sends and the service takes). */
export type KycApplyParams = z.output<typeof kycApplyInput>;

/** kycHighLevel!apply: submit (or re-submit) the proof of address; needs a passed real-name check. */
export const kycHighLevelApplyInput = z.object({
  address: requiredText('kyc.address_required', 'kyc.address_invalid', KYC_ADDRESS_MAX),
  city: requiredText('kyc.city_required', 'kyc.city_invalid', KYC_CITY_MAX),
  postcode: z.string({ error: 'kyc.postcode_invalid' }).optional(),
  /** proof of address (utility bill, bank statement ...) */
  idimg_1: picture(),
  /** a second page, optional */
  idimg_2: picture().optional(),
});
/** kycHighLevel!apply's parameters as checked. */
export type KycHighLevelApplyParams = z.output<typeof kycHighLevelApplyInput>;

const submissionCommon = {
  id: z.string(),
  /** 0 not submitted, 1 pending, 2 passed, 3 rejected */
  status: z.number().int(),
  /** the operator's reason when rejected, else '' */
  msg: z.string(),
  createTime: z.string(),
  reviewTime: z.string(),
};

/** kyc!get: the user's current real-name record (status 0 and empty fields when none). */
export const kycOutput = z.object({
  ...submissionCommon,
  name: z.string(),
  /** country id as text ('' when none) */
  nationality: z.string(),
  nationalityName: z.string(),
  idname: z.string(),
  idnumber: z.string(),
  /** signed, expiring URLs of the pictures (only for their owner) */
  idimg_1: z.string(),
  idimg_2: z.string(),
  idimg_3: z.string(),
});
export type KycRecord = z.infer<typeof kycOutput>;

/** kycHighLevel!get: the user's current advanced record; `realNameStatus` says whether it may be submitted. */
export const kycHighLevelOutput = z.object({
  ...submissionCommon,
  realNameStatus: z.number().int(),
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  idimg_1: z.string(),
  idimg_2: z.string(),
});
export type KycHighLevelRecord = z.infer<typeof kycHighLevelOutput>;

// ---- console ----------------------------------------------------------------------------------------

export const kycQuery = consolePageQuery.extend({
  state: z.enum(KYC_STATES).optional(),
  level: z.enum(KYC_LEVELS).optional(),
  /** user id or exact username */
  applicant: z.string().trim().max(64).optional(),
});

export const consoleKycSubmission = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  level: z.enum(KYC_LEVELS),
  state: z.enum(KYC_STATES),
  name: z.string(),
  nationality: z.number().int().nullable(),
  nationalityName: z.string(),
  documentType: z.string(),
  documentNumber: z.string(),
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  reason: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsoleKycSubmission = z.infer<typeof consoleKycSubmission>;
export const consoleKycPage = consolePage(consoleKycSubmission);
export const consoleKycDetail = consoleKycSubmission.extend({
  /** signed URLs that expire (see `picturesExpireAt`) */
  pictures: z.array(z.object({ role: z.string(), url: z.string() })),
  picturesExpireAt: z.string(),
  /** the user's other submissions (both levels), newest first */
  history: z.array(consoleKycSubmission),
  audit: z.array(decisionAuditEntry),
});
export type ConsoleKycDetail = z.infer<typeof consoleKycDetail>;
export const consoleKycPendingCount = z.object({ pending: z.number().int() });
