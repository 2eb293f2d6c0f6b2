import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@caravan/contract/languages';
import { describe, expect, it } from 'vitest';
import { holdFieldsOfRecord, holdNoticesOf } from '../../src/wallet/hold-notice.ts';

// The held message of the withdrawal detail, the withdrawal records and the statement: why the payout
// waits and until when, in the viewer's time zone, in every locale.

const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');
type WalletMessages = { hold: { addressChanged: string; newAddress: string; short: { addressChanged: string; newAddress: string } } };
const messagesOf = (locale: string) => JSON.parse(readFileSync(path.join(root, 'locales', locale, 'store-wallet.json'), 'utf8')) as WalletMessages;
const render = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

describe('withdrawal hold notices', () => {
  it('say until when a withdrawal is held after an address change, in the viewer\'s zone and isolated for right-to-left text', () => {
    const record = { hold_reason: 'address_changed', held_until: '2026-11-26 12:00:00', review_reason: '' };
    const notices = holdNoticesOf(holdFieldsOfRecord(record), 'Asia/Shanghai', 'Europe/London');
    expect(notices).toEqual([{ key: 'addressChanged', until: '\u20682026-11-26 04:00:00\u2069' }]);
    const english = messagesOf('en');
    expect(render(english.hold.addressChanged, { until: '2026-11-26 04:00:00' })).toBe(
      'On hold until 2026-11-26 04:00:00: your withdrawal address was changed recently, so for your safety this withdrawal is paid out only after a waiting period.',
    );
  });

  it('add the extra review of a first withdrawal to a new address, and say nothing once nothing holds it', () => {
    expect(holdNoticesOf({ holdReason: 'address_changed', heldUntil: '2026-11-26 12:00:00', reviewReason: 'new_address' }, 'Asia/Shanghai', 'UTC').map((notice) => notice.key)).toEqual(['addressChanged', 'newAddress']);
    expect(holdNoticesOf({ holdReason: '', heldUntil: '', reviewReason: 'new_address' }, 'Asia/Shanghai', 'UTC')).toEqual([{ key: 'newAddress' }]);
    // a decided or free withdrawal, a statement line of another kind, and an older server without the fields
    expect(holdNoticesOf(holdFieldsOfRecord({ hold_reason: '', held_until: '', review_reason: '' }), 'Asia/Shanghai')).toEqual([]);
    expect(holdNoticesOf({}, 'Asia/Shanghai')).toEqual([]);
    // a reason without a time says nothing rather than "until --"
    expect(holdNoticesOf({ holdReason: 'address_changed', heldUntil: '' }, 'Asia/Shanghai')).toEqual([]);
  });

  it.each(LOCALES.map((locale) => [locale]))('%s has the held messages with the time in them', (locale) => {
    const { hold } = messagesOf(locale);
    expect(hold.addressChanged).toContain('{{until}}');
    expect(hold.short.addressChanged).toContain('{{until}}');
    expect(hold.newAddress.trim().length).toBeGreaterThan(0);
    expect(hold.short.newAddress.trim().length).toBeGreaterThan(0);
  });
});
