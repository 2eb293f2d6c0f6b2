import { KYC_STATUS, type ConsoleKycSubmission, type ConsoleUserKyc, type KycHighLevelRecord, type KycLevel, type KycRecord, type KycState, type KycStatusNumber } from '@caravan/contract/kyc';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import type { KycRow } from './kyc.repository.ts';
import type { KycSummary } from './kyc.service.ts';

// Legacy status numbers live here only: 0 not submitted, 1 pending, 2 passed, 3 rejected.

const STATUS_OF: Record<KycState, KycStatusNumber> = { pending: KYC_STATUS.pending, approved: KYC_STATUS.passed, rejected: KYC_STATUS.rejected };

export function kycStatusOf(row: KycRow | undefined): KycStatusNumber {
  return row ? STATUS_OF[row.state as KycState] : KYC_STATUS.none;
}

export interface KycViewDeps {
  timeZone: string;
  countryName(countryId: number): string;
  /** a signed, expiring URL of a private picture */
  signedUrl(ref: string): string;
}

function common(row: KycRow | undefined, deps: KycViewDeps) {
  return {
    id: row?.id ?? '',
    status: kycStatusOf(row),
    msg: row?.state === 'rejected' ? row.reason : '',
    createTime: row ? formatLegacyDateTime(deps.timeZone, row.createdAt) : '',
    reviewTime: row ? formatLegacyDateTime(deps.timeZone, row.reviewedAt) : '',
  };
}

const picture = (row: KycRow | undefined, index: number, deps: KycViewDeps) => {
  const ref = row?.pictures[index];
  return ref ? deps.signedUrl(ref) : '';
};

/** kyc!get: the owner's real-name record, pictures as signed URLs. */
export function toKycRecord(row: KycRow | undefined, deps: KycViewDeps): KycRecord {
  return {
    ...common(row, deps),
    name: row?.fullName ?? '',
    nationality: row?.countryId ? String(row.countryId) : '',
    nationalityName: row?.countryId ? deps.countryName(row.countryId) : '',
    idname: row?.documentType ?? '',
    idnumber: row?.documentNumber ?? '',
    idimg_1: picture(row, 0, deps),
    idimg_2: picture(row, 1, deps),
    idimg_3: picture(row, 2, deps),
  };
}

/** kycHighLevel!get: the owner's advanced record and where the real-name check stands. */
export function toKycHighLevelRecord(row: KycRow | undefined, realName: KycRow | undefined, deps: KycViewDeps): KycHighLevelRecord {
  return {
    ...common(row, deps),
    realNameStatus: kycStatusOf(realName),
    address: row?.address ?? '',
    city: row?.city ?? '',
    postcode: row?.postcode ?? '',
    idimg_1: picture(row, 0, deps),
    idimg_2: picture(row, 1, deps),
  };
}

/** The fields localuser!get shows (accounts.mapper.ts fills the legacy names from them). */
export interface UserKycInfo {
  realNameStatus: KycStatusNumber;
  advancedStatus: KycStatusNumber;
  /** the verified name and nationality, '' until the real-name check passed */
  name: string;
  nationality: string;
}

export function toUserKycInfo(summary: KycSummary, countryName: (countryId: number) => string): UserKycInfo {
  const passed = summary.realName?.state === 'approved' ? summary.realName : undefined;
  return {
    realNameStatus: kycStatusOf(summary.realName),
    advancedStatus: kycStatusOf(summary.advanced),
    name: passed?.fullName ?? '',
    nationality: passed?.countryId ? countryName(passed.countryId) : '',
  };
}

/** The console's user detail. */
export function toConsoleUserKyc(summary: KycSummary): ConsoleUserKyc {
  return {
    realName: (summary.realName?.state as KycState | undefined) ?? 'none',
    advanced: (summary.advanced?.state as KycState | undefined) ?? 'none',
    name: summary.realName?.state === 'approved' ? summary.realName.fullName : '',
  };
}

/** The console's view: ISO times; pictures only in the detail, signed. */
export function toConsoleKycSubmission(row: KycRow, username: string, countryName: string): ConsoleKycSubmission {
  return {
    id: row.id,
    userId: row.userId,
    username,
    level: row.level as KycLevel,
    state: row.state as KycState,
    name: row.fullName,
    nationality: row.countryId,
    nationalityName: countryName,
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    address: row.address,
    city: row.city,
    postcode: row.postcode,
    reason: row.reason,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What each picture of a submission shows, by level and position. */
export function pictureRoles(level: KycLevel): string[] {
  return level === 'real_name' ? ['front', 'back', 'hand_held'] : ['proof', 'proof_2'];
}
