import { expect } from 'vitest';
import type { LoanApplication } from '../../src/modules/loans/loans.service.ts';
import { nextAddress, type TestApp } from './test-app.ts';
import { consoleCall, fund, operatorToken, uploadProof, walletUser, type WalletUser } from './wallet.ts';

// Helpers of the loan tests: applicants with their three ID pictures, an application through the
// legacy call, and operators deciding through the console's REST routes.

/** United States in the geo dataset (address!listCountry). */
export const COUNTRY_ID = 233;

export interface Applicant extends WalletUser {
  pictures: { imgCertificateFace: string; imgCertificateBack: string; imgCertificateHand: string };
}

/** A registered user with a fund password and three ID pictures they uploaded. */
export async function applicant(t: TestApp, options: { safeword?: boolean } = {}): Promise<Applicant> {
  const user = await walletUser(t, options);
  const [face, back, hand] = await Promise.all([uploadProof(t, user.id), uploadProof(t, user.id), uploadProof(t, user.id)]);
  return { ...user, pictures: { imgCertificateFace: face, imgCertificateBack: back, imgCertificateHand: hand } };
}

export function applicationOf(user: Applicant, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { realName: 'Mei Chen', identification: 'P1234567', countryId: COUNTRY_ID, applyAmount: '100000', creditPeriod: '30', ...user.pictures, ...overrides };
}

/** The same application as the service takes it (races and the property test call services directly). */
export function applicationInput(user: Applicant, overrides: Partial<LoanApplication> = {}): LoanApplication {
  return { realName: 'Mei Chen', identification: 'P1234567', countryId: COUNTRY_ID, applyAmount: '100000', creditPeriod: '30', ...user.pictures, ...overrides };
}

/** credit!apply over the wire; answers the envelope. */
export function applyCall(t: TestApp, user: Applicant, overrides: Record<string, unknown> = {}) {
  return t.call<{ creditId: string }>('credit!apply', applicationOf(user, overrides), { token: user.token, remoteAddress: nextAddress() });
}

/** Applies and answers the new loan's id. */
export async function applyFor(t: TestApp, user: Applicant, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await applyCall(t, user, overrides);
  expect(response.errorKey ?? 'ok').toBe('ok');
  return response.data?.creditId ?? '';
}

export async function loanRow(t: TestApp, id: string) {
  const rows = await t.database.pool.query<{ state: string; due_at: Date | null; proposed_by: string | null; actual_repayment: string | null }>('select state, due_at, proposed_by, actual_repayment from loans where id = $1', [id]);
  return rows.rows[0];
}

/** An applicant whose loan of `amount` was approved by a finance operator (money in the wallet). */
export async function borrower(t: TestApp, amount = '100000', period = '30'): Promise<Applicant & { creditId: string }> {
  const user = await applicant(t);
  const creditId = await applyFor(t, user, { applyAmount: amount, creditPeriod: period });
  const op = await operatorToken(t, 'finance');
  const approved = await consoleCall(t, 'POST', `/loans/${creditId}/approve`, op.token, { reason: 'documents checked' });
  expect(approved.status).toBe(200);
  return { ...user, creditId };
}

export { fund };
