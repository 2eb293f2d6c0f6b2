import { isAppError } from '../../src/platform/errors.ts';

// What a service call ended with, for concurrency and model tests: a business refusal is an outcome
// (its stable key), anything else still fails the test.

export type Outcome<T> = { ok: true; data: T } | { ok: false; key: string };

export async function outcome<T>(work: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, data: await work };
  } catch (error) {
    if (isAppError(error)) return { ok: false, key: error.key };
    throw error;
  }
}

/** 'ok', or the refusal's error key. */
export async function outcomeKey(work: Promise<unknown>): Promise<string> {
  const result = await outcome(work);
  return result.ok ? 'ok' : result.key;
}
