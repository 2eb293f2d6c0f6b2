import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Third-party deposit providers (bank, GCash, Maya ...) behind one port. A provider gives a payment
// page URL; when the buyer has paid (or failed to), it calls our callback endpoint with a JSON body
// signed with HMAC-SHA256 over the exact body bytes (header `x-caravan-signature`).

export interface PaymentRequest {
  orderNo: string;
  amount: string;
  currency: string;
  productType: string;
  returnUrl?: string | undefined;
}

export interface PaymentProvider {
  readonly name: string;
  createPayment(request: PaymentRequest): Promise<{ payUrl: string; reference: string }>;
}

export interface CallbackBody {
  reference: string;
  orderNo: string;
  status: 'succeeded' | 'failed';
  amount: string;
  currency: string;
}

export const SIGNATURE_HEADER = 'x-caravan-signature';

export function signBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

export function verifySignature(secret: string, body: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signBody(secret, body), 'hex'), Buffer.from(signature, 'hex'));
}

/**
 * The local stand-in used in development and tests: its payment page is served by this server
 * (/payments/simulator/<reference>) and its buttons send the same signed callback a provider would.
 */
export class SimulatorProvider implements PaymentProvider {
  readonly name = 'simulator';

  constructor(private readonly publicBaseUrl: string) {}

  async createPayment(request: PaymentRequest): Promise<{ payUrl: string; reference: string }> {
    void request;
    const reference = `sim_${randomBytes(12).toString('hex')}`;
    return { payUrl: `${this.publicBaseUrl}/payments/simulator/${reference}`, reference };
  }
}
