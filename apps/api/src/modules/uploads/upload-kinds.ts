// Size limits per upload kind (spec 5: 2M, 10M or 30M depending on the upload). Legacy clients name
// the purpose in `moduleName` ("123" and "online" from the PC client); unknown names are "general".

export type UploadKind = 'avatar' | 'chat' | 'general' | 'document' | 'identity';

/** Kinds stored privately: fetched only through signed, expiring URLs (uploads.service.ts). */
export const PRIVATE_UPLOAD_KINDS: ReadonlySet<UploadKind> = new Set(['identity']);

const MB = 1024 * 1024;

export const UPLOAD_LIMIT_BYTES: Record<UploadKind, number> = {
  avatar: 2 * MB,
  chat: 10 * MB,
  general: 10 * MB,
  document: 30 * MB,
  identity: 10 * MB,
};

/** Decoded images larger than this many pixels are refused (decompression bombs). */
export const MAX_IMAGE_PIXELS = 40_000_000;

const MODULE_KINDS: Record<string, UploadKind> = {
  avatar: 'avatar',
  head: 'avatar',
  online: 'chat',
  chat: 'chat',
  credit: 'document',
  // identity documents (KYC) and a shop applicant's supporting documents are private
  kyc: 'identity',
  identity: 'identity',
  seller_document: 'identity',
  document: 'document',
};

export function uploadKindOf(moduleName: string | undefined): UploadKind {
  return (moduleName && MODULE_KINDS[moduleName.toLowerCase()]) || 'general';
}

export function formatLimit(bytes: number): string {
  return `${Math.round(bytes / MB)}M`;
}
