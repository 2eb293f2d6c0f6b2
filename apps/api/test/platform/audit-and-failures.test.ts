import { Writable } from 'node:stream';
import { auditLog } from '@caravan/db/schema/platform';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nextAddress, useTestApp } from '../support/test-app.ts';

const lines: string[] = [];
const t = await useTestApp({
  env: { LOG_LEVEL: 'error' },
  logStream: new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  }),
});

describe('audit log', () => {
  it('is append-only: updates, deletes and truncation are refused by the database', async () => {
    await t.services.audit.record(t.database.db, { actorType: 'operator', actorId: 'op-7', action: 'test.entry', targetType: 'user', targetId: 'u1', reason: 'check' });
    const [entry] = await t.services.audit.listForTarget(t.database.db, 'user', 'u1');
    expect(entry).toMatchObject({ actorType: 'operator', actorId: 'op-7', action: 'test.entry', reason: 'check' });
    for (const statement of [sql`update audit_log set reason = 'changed'`, sql`delete from audit_log`, sql`truncate audit_log`]) {
      // Drizzle wraps the database error; the trigger's message is the cause
      await expect(t.database.db.execute(statement)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
    }
    expect((await t.database.db.select().from(auditLog)).some((row) => row.reason === 'check')).toBe(true);
  });
});

describe('unexpected failures', () => {
  it('answer a generic 500 envelope, translated, without details, logged with the request id', async () => {
    await t.database.db.execute(sql`alter table subscriptions rename to subscriptions_gone`);
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/wap/api/subscribe!add.action?email=someone@example.com&lang=en&token=secret-token-value',
        headers: { 'x-request-id': 'req-500-check' },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: '500', msg: 'Server error, please try again later', errorKey: 'common.system_error', data: null });
      expect(response.body).not.toContain('subscriptions');
      const log = lines.join('');
      expect(log).toContain('req-500-check');
      expect(log).toContain('unexpected error');
      expect(log).not.toContain('secret-token-value');
    } finally {
      await t.database.db.execute(sql`alter table subscriptions_gone rename to subscriptions`);
    }
  });
});
