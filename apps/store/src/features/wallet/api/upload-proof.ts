import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The upload module of payment proofs (the server files it as a general image, 10 MB at most). */
export const PROOF_MODULE = 'recharge';

/** uploadimg!execute: stores the screenshot and answers its URL. */
export function uploadProof(file: File): Promise<string> {
  return api.upload(file, file.name || 'proof.png', PROOF_MODULE);
}

export function useUploadProof() {
  return useMutation({ mutationFn: uploadProof });
}
