import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app.ts';
import { consoleCall, operatorToken } from '../support/wallet.ts';

// System parameters in the console: listed with value, default and kind; changed by an admin only,
// checked against each parameter's own rule, applied at once (the store reads it through syspara) and
// audited with before, after and the reason.

const t = await useTestApp();

interface Setting {
  key: string;
  value: unknown;
  default: unknown;
  kind: string;
  public: boolean;
  description: string;
}

describe('system parameters', () => {
  it('lists every parameter with its value, default, kind and visibility', async () => {
    const admin = await operatorToken(t, 'admin');
    const list = await consoleCall<{ items: Setting[] }>(t, 'GET', '/settings', admin.token);
    expect(list.status).toBe(200);
    expect(list.body.items.find((item) => item.key === 'mall_max_goods_number_in_order')).toMatchObject({ value: 500, default: 500, kind: 'number', public: true });
    expect(list.body.items.find((item) => item.key === 'about_us')).toMatchObject({ kind: 'string', public: false });
    expect(list.body.items.length).toBeGreaterThan(10);
  });

  it('an admin changes one with a reason: applied at once, audited with before and after', async () => {
    const admin = await operatorToken(t, 'admin');
    const changed = await consoleCall<Setting>(t, 'POST', '/settings/mall_max_goods_number_in_order', admin.token, { value: 300, reason: 'wholesale lots are capped at 300' });
    expect(changed).toMatchObject({ status: 200, body: { key: 'mall_max_goods_number_in_order', value: 300, default: 500 } });
    expect((await t.call<Record<string, string>>('syspara!getSyspara', { code: 'mall_max_goods_number_in_order' })).data).toEqual({ mall_max_goods_number_in_order: '300' });
    const audit = await consoleCall<{ items: { action: string; targetId: string; reason: string; detail: Record<string, unknown>; actorName: string }[] }>(t, 'GET', '/audit?action=settings.update&targetId=mall_max_goods_number_in_order', admin.token);
    expect(audit.body.items[0]).toMatchObject({ actorName: admin.username, reason: 'wholesale lots are capped at 300', detail: { before: 500, value: 300 } });
  });

  it("refuses values outside the parameter's rule, unknown parameters, a missing reason, and every role but admin", async () => {
    const admin = await operatorToken(t, 'admin');
    for (const value of [0, 100_001, 2.5, '300', null]) {
      expect(await consoleCall(t, 'POST', '/settings/mall_max_goods_number_in_order', admin.token, { value, reason: 'try' }), String(value)).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    }
    expect(await consoleCall(t, 'POST', '/settings/no_such_parameter', admin.token, { value: 1, reason: 'try' })).toMatchObject({ status: 404, body: { errorKey: 'common.not_found' } });
    expect(await consoleCall(t, 'POST', '/settings/address_limit', admin.token, { value: 30, reason: '  ' })).toMatchObject({ status: 400, body: { errorKey: 'common.param_invalid' } });
    for (const role of ['finance', 'support'] as const) {
      const operator = await operatorToken(t, role);
      expect(await consoleCall(t, 'GET', '/settings', operator.token), role).toMatchObject({ status: 403, body: { errorKey: 'operators.forbidden' } });
      expect(await consoleCall(t, 'POST', '/settings/address_limit', operator.token, { value: 30, reason: 'try' }), role).toMatchObject({ status: 403 });
    }
    // nothing changed
    const list = await consoleCall<{ items: Setting[] }>(t, 'GET', '/settings', admin.token);
    expect(list.body.items.find((item) => item.key === 'address_limit')?.value).toBe(20);
  });
});
