import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FundPasswordHasher, fundPasswordKey } from '../../src/platform/fund-password.ts';
import { argon2Hasher } from '../../src/platform/passwords.ts';

const KEY = 'k'.repeat(32);

describe('fund-password keyed hash', () => {
  const hasher = new FundPasswordHasher(KEY, argon2Hasher());

  it('verifies the digits it hashed for that user, and nothing else', async () => {
    const stored = hasher.hash('user-a', '246810');
    expect(stored).toMatch(/^\$fpk1\$[\w-]{43}$/);
    expect(await hasher.verify('user-a', stored, '246810')).toEqual({ ok: true });
    expect(await hasher.verify('user-a', stored, '246811')).toEqual({ ok: false });
    // the user id is in the hash: the same digits of another user hash differently, and a copied hash fails
    expect(hasher.hash('user-b', '246810')).not.toBe(stored);
    expect(await hasher.verify('user-b', stored, '246810')).toEqual({ ok: false });
    // without the key nobody can check a guess: another key does not verify
    expect(await new FundPasswordHasher('x'.repeat(32), argon2Hasher()).verify('user-a', stored, '246810')).toEqual({ ok: false });
    expect(await hasher.verify('user-a', '$fpk1$short', '246810')).toEqual({ ok: false });
  });

  it('accepts argon2id hashes of the older format and offers their replacement', async () => {
    const legacy = await argon2Hasher().hash('135790');
    expect(await hasher.verify('user-a', legacy, '000000')).toEqual({ ok: false });
    const passed = await hasher.verify('user-a', legacy, '135790');
    expect(passed.ok).toBe(true);
    expect(passed.upgrade).toBe(hasher.hash('user-a', '135790'));
  });

  it('refuses a key shorter than 32 bytes', () => {
    expect(() => new FundPasswordHasher('short', argon2Hasher())).toThrow(RangeError);
  });

  it('takes the configured key, else creates one key file (owner-only) and keeps using it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'caravan-fpk-'));
    expect(fundPasswordKey(KEY, dir)).toEqual({ key: Buffer.from(KEY), source: 'env' });
    const first = fundPasswordKey(undefined, dir);
    expect(first.source).toBe('file');
    expect(first.key).toHaveLength(32);
    const file = path.join(dir, 'fund-password.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.key.toString('hex'));
    expect(fundPasswordKey(undefined, dir).key.equals(first.key)).toBe(true);
  });
});
