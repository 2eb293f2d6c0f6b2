// The payment-proof screenshot of a blockchain deposit: JPEG or PNG, at most 10 MB (the server's limit
// for general uploads, spec section 5 "Images").

export const PROOF_MIME_TYPES: readonly string[] = ['image/jpeg', 'image/png'];
export const PROOF_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
export const PROOF_MAX_MEGABYTES = PROOF_MAX_BYTES / (1024 * 1024);

export type ProofCheck = 'ok' | 'empty' | 'type' | 'size';

export function checkProofFile(file: { type: string; size: number; name?: string } | null | undefined): ProofCheck {
  if (!file || file.size <= 0) return 'empty';
  const type = file.type.toLowerCase();
  // some systems give no MIME type: fall back on the extension
  const byName = !type && /\.(jpe?g|png)$/i.test(file.name ?? '');
  if (!PROOF_MIME_TYPES.includes(type) && !byName) return 'type';
  if (file.size > PROOF_MAX_BYTES) return 'size';
  return 'ok';
}
