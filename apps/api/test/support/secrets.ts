// The worker side of the whole-suite log scan (tests/support/log-scan.ts): where this test file's apps and
// server processes write their logs, and the record of every secret the suite hands out or sends.
// Secrets are recorded where they are made (session and operator tokens, the wallet's single-use
// session_token, signed-URL signatures, verification codes, fund passwords) by wrapping those methods once
// per worker, where they are hashed (login and operator passwords, through the test app's hasher), and where
// tests send them (the secret parameters of a legacy call). Each worker appends to its own file, so forked
// workers never write to the same one.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect, inject } from 'vitest';
import { SessionsService } from '../../src/modules/accounts/sessions.service.ts';
import { RecordingCodeSender } from '../../src/modules/accounts/code-sender.ts';
import { OperatorsService } from '../../src/modules/operators/operators.service.ts';
import { UploadSigner } from '../../src/modules/uploads/upload-signing.ts';
import { WalletService } from '../../src/modules/wallet/wallet.service.ts';
import { FundPasswordHasher } from '../../src/platform/fund-password.ts';
import { SECRET_PARAMS } from '../../src/platform/logger.ts';
import type { PasswordHasher } from '../../src/platform/passwords.ts';
import { isScannable, LOG_FILE_SUFFIX } from '../../../../tests/support/log-scan.ts';

/** This run's log folder, or null outside a run with the global setup (then nothing is recorded). */
export function runLogDir(): string | null {
  try {
    return inject('logDir') ?? null;
  } catch {
    return null;
  }
}

const recorded = new Set<string>();
let secretsFd: number | undefined;
let recording = true;

/**
 * For a test file whose "passwords" and "fund passwords" are generated junk (the fuzz sweep sends ids,
 * addresses and names in every parameter): nothing it hashes or sends is recorded as a secret, or every
 * other file's logs would hold "secrets". Its own logs are still scanned for everyone else's secrets.
 */
export function recordNoSecretsInThisFile(): void {
  recording = false;
}

/** Adds a secret to this worker's record (values not worth scanning for are left out). */
export function recordSecret(kind: string, value: string | undefined | null): void {
  if (!recording || typeof value !== 'string' || !isScannable(value) || recorded.has(value)) return;
  const dir = runLogDir();
  if (!dir) return;
  recorded.add(value);
  if (secretsFd === undefined) {
    mkdirSync(dir, { recursive: true });
    secretsFd = openSync(path.join(dir, `secrets-${process.pid}.jsonl`), 'a');
  }
  writeSync(secretsFd, `${JSON.stringify({ kind, value })}\n`);
}

const SECRET_PARAM_NAMES = new Set(SECRET_PARAMS.map((name) => name.toLowerCase()));

/** Records the values of a request's secret parameters (the names the logger redacts from URLs). */
export function recordSecretParams(params: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(params)) {
    if (SECRET_PARAM_NAMES.has(name.toLowerCase()) && value !== undefined && value !== null) recordSecret(`parameter ${name}`, String(value));
  }
}

/** A password hasher that records every password it hashes or checks. */
export function recordingHasher(inner: PasswordHasher): PasswordHasher {
  return {
    hash: (secret) => {
      recordSecret('password', secret);
      return inner.hash(secret);
    },
    verify: (hash, secret) => {
      recordSecret('password', secret);
      return inner.verify(hash, secret);
    },
  };
}

/** Wraps a method of a class so every call records what `pick` finds in its arguments or its result. */
function recordFrom<T extends object, K extends keyof T>(
  target: { prototype: T },
  method: K,
  pick: (args: unknown[], result: unknown) => [kind: string, value: string | undefined][],
): void {
  const original = target.prototype[method] as unknown as (...args: unknown[]) => unknown;
  const wrapped = function (this: unknown, ...args: unknown[]) {
    const result = original.apply(this, args);
    const record = (value: unknown) => {
      for (const [kind, secret] of pick(args, value)) recordSecret(kind, secret);
      return value;
    };
    return result instanceof Promise ? result.then(record) : record(result);
  };
  (target.prototype as Record<K, unknown>)[method] = wrapped;
}

let instrumented = false;
/** Records secrets where the server makes them; once per worker, and only in a run with a log folder. */
export function instrumentSecretSources(): void {
  if (instrumented || !runLogDir()) return;
  instrumented = true;
  recordFrom(SessionsService, 'create', (_args, result) => [['session token', (result as { token: string }).token]]);
  recordFrom(OperatorsService, 'login', (args, result) => [
    ['operator token', (result as { token: string }).token],
    ['operator password', (args[0] as { password: string }).password],
  ]);
  recordFrom(WalletService, 'openSession', (_args, result) => [['wallet session_token', result as string]]);
  recordFrom(UploadSigner, 'sign', (_args, result) => [['url signature', (result as { signature: string }).signature]]);
  recordFrom(RecordingCodeSender, 'send', (args) => [['verification code', (args[0] as { code: string }).code]]);
  recordFrom(FundPasswordHasher, 'hash', (args) => [['fund password', args[1] as string]]);
  recordFrom(FundPasswordHasher, 'verify', (args) => [['fund password', args[2] as string]]);
}

/** What the calling test file is named, for its log files ("orders/pay.test.ts" -> "orders-pay.test"). */
function testFileLabel(): string {
  const testPath = expect.getState().testPath ?? 'unknown';
  const relative = path.relative(path.resolve(import.meta.dirname, '..', '..', '..', '..'), testPath);
  return relative.replace(/\.ts$/, '').replace(/[^A-Za-z0-9.]+/g, '-');
}

let fileCounter = 0;
/** A new log file for this test file under the run's folder: appended synchronously (nothing is lost when the worker exits). */
export function openTestLogFile(role: string): { path: string; write(text: string): void; close(): void } | undefined {
  const dir = runLogDir();
  if (!dir) return undefined;
  mkdirSync(dir, { recursive: true });
  fileCounter += 1;
  const file = path.join(dir, `${testFileLabel()}.${process.pid}-${fileCounter}.${role}${LOG_FILE_SUFFIX}`);
  let fd: number | undefined = openSync(file, 'a');
  return {
    path: file,
    write(text) {
      if (fd !== undefined) writeSync(fd, text);
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

/** A pino stream writing to a log file of this run and, when given, to the test's own stream too. */
export function testLogStream(role: string, also?: NodeJS.WritableStream): { stream: NodeJS.WritableStream; close(): void } | undefined {
  const file = openTestLogFile(role);
  if (!file) return undefined;
  const stream = new Writable({
    write(chunk, _encoding, done) {
      file.write(String(chunk));
      if (also) also.write(chunk, done);
      else done();
    },
  });
  return { stream, close: () => file.close() };
}
