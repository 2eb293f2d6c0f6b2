import { describe, expect, it } from 'vitest';
import { buildRefundRequest, MAX_REFUND_PICTURES, type RefundDraft } from '../../src/features/orders/refund-request.ts';

const orderId = 'ff8080818604394d01860767e945005c';
const draft = (overrides: Partial<RefundDraft> = {}): RefundDraft => ({ orderId, reason: '6', amount: '40.00', remark: '', pictures: [], ...overrides });

describe('buildRefundRequest', () => {
  it('builds the order!returns parameters with pictures as imgUrl1..n', () => {
    const result = buildRefundRequest(draft({ remark: '  box crushed  ', pictures: ['/uploads/a.jpg', ' ', '/uploads/b.png'] }), '40.00');
    expect(result).toEqual({
      ok: true,
      params: { orderId, returnReason: '6', returnAmount: '40.00', returnDetail: 'box crushed', imgUrl1: '/uploads/a.jpg', imgUrl2: '/uploads/b.png' },
    });
  });

  it('leaves out an empty remark and sends no picture fields without pictures', () => {
    const result = buildRefundRequest(draft({ remark: '   ' }), '40.00');
    expect(result).toEqual({ ok: true, params: { orderId, returnReason: '6', returnAmount: '40.00' } });
  });

  it('needs one of the 9 reasons', () => {
    for (const reason of [undefined, '', '0', '10', 'x', ' 1']) expect(buildRefundRequest(draft({ reason }), '40.00')).toEqual({ ok: false, problem: 'reason' });
    for (const reason of ['1', '9']) expect(buildRefundRequest(draft({ reason }), '40.00').ok).toBe(true);
  });

  it('passes the amount problems through', () => {
    expect(buildRefundRequest(draft({ amount: '' }), '40.00')).toEqual({ ok: false, problem: 'required' });
    expect(buildRefundRequest(draft({ amount: '40.01' }), '40.00')).toEqual({ ok: false, problem: 'aboveTotal' });
    expect(buildRefundRequest(draft({ amount: '0' }), '40.00')).toEqual({ ok: false, problem: 'zero' });
    expect(buildRefundRequest(draft({ amount: '1.234' }), '40.00')).toEqual({ ok: false, problem: 'decimals' });
  });

  it('refuses a remark over 500 characters and a tenth picture', () => {
    expect(buildRefundRequest(draft({ remark: 'x'.repeat(500) }), '40.00').ok).toBe(true);
    expect(buildRefundRequest(draft({ remark: 'x'.repeat(501) }), '40.00')).toEqual({ ok: false, problem: 'remark' });
    const nine = Array.from({ length: MAX_REFUND_PICTURES }, (_, index) => `/uploads/${index}.jpg`);
    expect(buildRefundRequest(draft({ pictures: nine }), '40.00').ok).toBe(true);
    expect(buildRefundRequest(draft({ pictures: [...nine, '/uploads/9.jpg'] }), '40.00')).toEqual({ ok: false, problem: 'pictures' });
  });
});
