import { describe, expect, it } from 'vitest';
import { completeActionTable, SPEC_CALLS } from '../../src/gateway/spec-calls.ts';
import { AREA_PREFIXES } from '../../src/gateway/gateway.ts';
import { useTestApp } from '../support/test-app.ts';

const t = await useTestApp();

describe('action table', () => {
  it('has an entry for every call of spec section 7, the credit!* calls and the seller-panel calls', () => {
    for (const spec of SPEC_CALLS) {
      for (const prefix of AREA_PREFIXES[spec.area]) {
        for (const method of ['GET', 'POST'] as const) {
          const url = `${prefix}${spec.call}.action`;
          expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(true);
        }
      }
    }
  });

  it('lists every spec call once', () => {
    const keys = SPEC_CALLS.map((spec) => `${spec.area}:${spec.call}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(SPEC_CALLS.filter((spec) => spec.call.startsWith('credit!'))).toHaveLength(8);
  });

  it('delivers every spec call: none answers "not available yet" any more', () => {
    expect(t.pendingCalls).toEqual([]);
    // the fallback still exists for a call without a module entry
    const { table, pending } = completeActionTable([]);
    expect(pending).toHaveLength(SPEC_CALLS.length);
    expect(table.every((action) => action.tag === 'not-available-yet')).toBe(true);
  });

  it('serves the chat unread count on its legacy public path too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/public/userOnlineChatController!unread.action' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: '403', errorKey: 'common.not_logged_in' });
  });
});

describe('OpenAPI document', () => {
  it('documents the legacy calls and the REST routes at /docs', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const paths = Object.keys(document.paths);
    expect(paths).toContain('/wap/api/user!newlogin.action');
    expect(paths).toContain('/wap/api/localuser!registerNoVerifcode.action');
    expect(paths).toContain('/health');
    // aliases under /api/ are served but documented once
    expect(paths).not.toContain('/api/user!newlogin.action');
    const login = document.paths['/wap/api/user!newlogin.action'].post;
    expect(login.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['username', 'password']));
    expect(login.responses['200']).toBeDefined();
  });
});
