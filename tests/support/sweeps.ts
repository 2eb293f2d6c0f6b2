// The figures of the reliability sweeps (issue 18: fuzzing, ownership matrix, fault injection, log scan ...):
// each sweep records what it did here, and `npm test` prints every record after vitest's run, before the
// summary line, so a CI log shows how many requests, kills and findings a run had. One JSON file per sweep
// under .tmp/sweeps (scripts/run-tests.mjs empties the folder before a run).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SWEEPS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '.tmp', 'sweeps');

export type SweepFigures = Record<string, number | string>;

/** Records a sweep's figures (name: a short id such as "fuzz"; figures: counts and short texts). */
export function recordSweep(name: string, figures: SweepFigures): void {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`sweep name ${name}: use a-z, 0-9 and -`);
  mkdirSync(SWEEPS_DIR, { recursive: true });
  writeFileSync(path.join(SWEEPS_DIR, `${name}.json`), `${JSON.stringify({ name, figures, at: new Date().toISOString() })}\n`);
}
