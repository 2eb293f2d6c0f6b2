import type { ConsoleSellerApplication, SellerApplicationState, SettleApplication } from '@caravan/contract/sellers';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import type { SellerApplicationRow } from './sellers.repository.ts';

/** Private documents become signed, expiring URLs; older public ones stay as they are. */
export type DocumentUrl = (stored: string) => string;

/** The applicant's view (merchantSettled!get/apply): legacy date-times in platform time. */
export function toSettleApplication(row: SellerApplicationRow, timeZone: string, documentUrl: DocumentUrl): SettleApplication {
  return {
    id: row.id,
    shopName: row.shopName,
    logo: row.logo,
    contactName: row.contactName,
    phone: row.phone,
    email: row.email,
    countryId: row.countryId,
    description: row.description,
    documents: row.documents.map(documentUrl),
    state: row.state as SellerApplicationState,
    reason: row.reason,
    createTime: formatLegacyDateTime(timeZone, row.createdAt),
    reviewTime: formatLegacyDateTime(timeZone, row.reviewedAt),
  };
}

/** The console's view: ISO times. */
export function toConsoleSellerApplication(row: SellerApplicationRow, username: string, countryName: string, documentUrl: DocumentUrl): ConsoleSellerApplication {
  return {
    id: row.id,
    userId: row.userId,
    username,
    shopName: row.shopName,
    logo: row.logo,
    contactName: row.contactName,
    phone: row.phone,
    email: row.email,
    countryId: row.countryId,
    countryName,
    description: row.description,
    documents: row.documents.map(documentUrl),
    state: row.state as SellerApplicationState,
    reason: row.reason,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
