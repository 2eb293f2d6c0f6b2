// The whole-suite log scan (issue 18): every test app and spawned server writes its logs under one folder
// per run, every secret the suite issues or sends (session and operator tokens, passwords, fund passwords,
// verification codes, URL signatures ...) is appended to a file per worker process beside them, and the
// run's global teardown looks for each secret in every log line, verbatim and encoded as a URL, a form or
// a JSON string would carry it. A hit fails the run with the file and the line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's log folder (tests/support/global-setup.ts); null where no global setup ran. */
    logDir: string | null;
  }
}

export const LOGS_ROOT = path.resolve(import.meta.dirname, '..', '..', '.tmp', 'logs');
/** Log files end so; secret files are `secrets-<pid>.jsonl`. */
export const LOG_FILE_SUFFIX = '.log';
export const SECRET_FILE_PATTERN = /^secrets-\d+\.jsonl$/;

/**
 * Shorter values are not scanned: the suite's deliberately wrong inputs ("x", "a1") would match
 * anything. Fund passwords and verification codes (6 digits) are the shortest real secrets.
 */
export const MIN_SECRET_LENGTH = 6;
/**
 * Values shorter than this are found only as a whole word (neither a letter, a digit nor a dot on either
 * side): a 6-digit code must not match inside a timestamp, an id or the decimals of a response time.
 * Longer ones (tokens, signatures) are found anywhere.
 */
export const WHOLE_WORD_BELOW = 16;

/**
 * Whether a value is worth looking for: long enough, and not one character repeated ("000000" is a
 * wrong fund password in one test and an invitation code in another; "xxx..." a password and part of a
 * name), which would only find the suite's own fixtures.
 */
export function isScannable(value: string): boolean {
  return value.length >= MIN_SECRET_LENGTH && !/^(.)\1*$/su.test(value);
}

export interface RecordedSecret {
  /** what it is ("session-token", "password", "fund-password" ...), for the report */
  kind: string;
  value: string;
}

export interface LogHit {
  file: string;
  line: number;
  kind: string;
  /** how it appeared: verbatim, url-encoded, form-encoded or json-escaped */
  form: string;
  /** the start of the secret, enough to find it in the test, never the whole value */
  hint: string;
}

export interface LogScanResult {
  files: number;
  lines: number;
  secrets: number;
  hits: LogHit[];
}

/** The spellings a secret takes in a log line: as it is, in a URL, in a form body, inside a JSON string. */
export function secretForms(value: string): { form: string; text: string }[] {
  const forms = [
    { form: 'verbatim', text: value },
    { form: 'url-encoded', text: encodeURIComponent(value) },
    { form: 'form-encoded', text: new URLSearchParams({ v: value }).toString().slice(2) },
    { form: 'json-escaped', text: JSON.stringify(value).slice(1, -1) },
  ];
  const seen = new Set<string>();
  return forms.filter(({ text }) => !seen.has(text) && seen.add(text));
}

interface Pattern {
  text: string;
  kind: string;
  form: string;
  wholeWord: boolean;
}

/**
 * Aho-Corasick over all the secrets' spellings: one pass over each line whatever the number of secrets
 * (a run records thousands; a naive search per secret and line would take minutes).
 */
class SecretAutomaton {
  /** the trie's edges in one map, keyed node * 65536 + UTF-16 code (a map per node costs far more memory) */
  private readonly edges = new Map<number, number>();
  private readonly fail: number[] = [0];
  /** patterns ending at a node, its fail chain's included */
  private readonly output: Pattern[][] = [[]];

  constructor(patterns: Pattern[]) {
    const children: number[][] = [[]];
    for (const pattern of patterns) {
      let node = 0;
      for (let index = 0; index < pattern.text.length; index += 1) {
        const key = node * 65536 + pattern.text.charCodeAt(index);
        let child = this.edges.get(key);
        if (child === undefined) {
          child = this.fail.length;
          this.fail.push(0);
          this.output.push([]);
          children.push([]);
          this.edges.set(key, child);
          children[node]!.push(key);
        }
        node = child;
      }
      this.output[node]!.push(pattern);
    }
    // breadth first: a node's fail target is shallower, so its output is complete when read
    const queue = [...children[0]!];
    for (let head = 0; head < queue.length; head += 1) {
      const key = queue[head]!;
      const node = Math.floor(key / 65536);
      const code = key % 65536;
      const child = this.edges.get(key)!;
      if (node !== 0) {
        let fallback = this.fail[node]!;
        while (fallback !== 0 && !this.edges.has(fallback * 65536 + code)) fallback = this.fail[fallback]!;
        this.fail[child] = this.edges.get(fallback * 65536 + code) ?? 0;
        if (this.output[this.fail[child]!]!.length > 0) this.output[child] = [...this.output[child]!, ...this.output[this.fail[child]!]!];
      }
      queue.push(...children[child]!);
    }
  }

  private step(node: number, code: number): number {
    let current = node;
    for (;;) {
      const target = this.edges.get(current * 65536 + code);
      if (target !== undefined) return target;
      if (current === 0) return 0;
      current = this.fail[current]!;
    }
  }

  /** Every pattern found in the line (at most one report per pattern). */
  find(line: string): Pattern[] {
    const found = new Set<Pattern>();
    let node = 0;
    for (let index = 0; index < line.length; index += 1) {
      node = this.step(node, line.charCodeAt(index));
      for (const pattern of this.output[node]!) {
        if (found.has(pattern)) continue;
        const start = index - pattern.text.length + 1;
        if (pattern.wholeWord && (isWordChar(line[start - 1]) || isWordChar(line[index + 1]))) continue;
        found.add(pattern);
      }
    }
    return [...found];
  }
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[A-Za-z0-9.]/.test(char);
}

/** The secrets recorded by every worker of the run (one JSON object a line), deduplicated, too-short ones left out. */
export function readRecordedSecrets(logDir: string): RecordedSecret[] {
  if (!existsSync(logDir)) return [];
  const byValue = new Map<string, RecordedSecret>();
  for (const file of readdirSync(logDir).filter((name) => SECRET_FILE_PATTERN.test(name))) {
    for (const line of readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      if (!line) continue;
      const secret = JSON.parse(line) as RecordedSecret;
      if (isScannable(secret.value) && !byValue.has(secret.value)) byValue.set(secret.value, secret);
    }
  }
  return [...byValue.values()];
}

/** Looks for every secret, in each of its spellings, in every log line of the folder. */
export function scanLogs(logDir: string, secrets: RecordedSecret[]): LogScanResult {
  const patterns = secrets.flatMap((secret) =>
    secretForms(secret.value).map(({ form, text }) => ({ text, kind: secret.kind, form, wholeWord: text.length < WHOLE_WORD_BELOW })),
  );
  const automaton = new SecretAutomaton(patterns);
  const result: LogScanResult = { files: 0, lines: 0, secrets: secrets.length, hits: [] };
  if (!existsSync(logDir)) return result;
  for (const file of readdirSync(logDir).filter((name) => name.endsWith(LOG_FILE_SUFFIX)).sort()) {
    result.files += 1;
    const lines = readFileSync(path.join(logDir, file), 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    lines.forEach((line, index) => {
      result.lines += 1;
      for (const pattern of automaton.find(line)) {
        result.hits.push({ file: path.join(logDir, file), line: index + 1, kind: pattern.kind, form: pattern.form, hint: `${pattern.text.slice(0, 3)}…` });
      }
    });
  }
  return result;
}

/** One line per hit, for the run's failure message. */
export function describeHits(hits: LogHit[]): string {
  return hits.map((hit) => `${hit.file}:${hit.line}: a ${hit.kind} (${hit.form}, starts ${hit.hint})`).join('\n');
}
