// One key per user intent for money-moving calls (STYLE: client-chosen idempotent ids). Submitting the
// same values again after a network failure is the same intent: the same Idempotency-Key and the same
// single-use session_token, so the server answers the first outcome instead of acting twice. Once the
// server has answered (success or refusal), or the values change, the next submit is a new intent.

export interface Intent {
  readonly key: string;
  readonly fingerprint: string;
  /** the session_token fetched for this intent, reused on a retry */
  sessionToken?: string;
}

export interface IntentTracker {
  begin(fingerprint: string): Intent;
  /** the server answered: forget the intent */
  finish(): void;
}

export function createIntentTracker(newKey: () => string = () => crypto.randomUUID()): IntentTracker {
  let current: Intent | undefined;
  return {
    begin(fingerprint) {
      if (!current || current.fingerprint !== fingerprint) current = { key: newKey(), fingerprint };
      return current;
    },
    finish() {
      current = undefined;
    },
  };
}

/** A stable fingerprint of a call's parameters. */
export function fingerprintOf(action: string, params: Record<string, string | number | undefined>): string {
  const keys = Object.keys(params).sort();
  return JSON.stringify([action, ...keys.map((key) => [key, params[key] ?? null])]);
}

/** Whether the failure happened before the server answered (time-out, no network): the intent stays. */
export function isUnanswered(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'network';
}

/**
 * Runs one submit of an intent: a session_token is fetched once per intent (`open`), then the call is
 * sent with the intent's key. A failure the server answered ends the intent; a network failure keeps it.
 */
export async function runIntent<T>(
  tracker: IntentTracker,
  fingerprint: string,
  open: () => Promise<string>,
  send: (intent: { key: string; sessionToken: string }) => Promise<T>,
): Promise<T> {
  const intent = tracker.begin(fingerprint);
  try {
    intent.sessionToken ??= await open();
    const result = await send({ key: intent.key, sessionToken: intent.sessionToken });
    tracker.finish();
    return result;
  } catch (error) {
    if (!isUnanswered(error)) tracker.finish();
    throw error;
  }
}
