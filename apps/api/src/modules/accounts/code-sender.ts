import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@caravan/contract/languages';
import nodemailer, { type Transporter } from 'nodemailer';

export interface CodeMessage {
  channel: 'email' | 'sms';
  target: string;
  code: string;
  purpose: string;
  locale: Locale;
}

/** Port for delivering verification codes; an e-mail or SMS provider adapter implements it. */
export interface CodeSender {
  send(message: CodeMessage): Promise<void>;
}

/** The mail's subject and body, in English (the code itself is what matters; the page the user is on is localised). */
function mailText(message: CodeMessage): { subject: string; text: string } {
  const what = message.purpose === 'resetpsw' ? 'reset your password' : 'complete your registration';
  return {
    subject: 'Your verification code',
    text: `Your verification code is ${message.code}. Use it to ${what}. If you did not ask for it, ignore this message.`,
  };
}

/**
 * Development sender: each message becomes a file in `outboxDir` (one per message, newest last by
 * name) and the server log says where, so a developer can register or reset a password without a
 * mail server. The default whenever SMTP_URL is not set.
 */
export function localFileCodeSender(log: Pick<FastifyBaseLogger, 'info'>, outboxDir: string, now: () => Date = () => new Date()): CodeSender {
  return {
    async send(message) {
      const { subject, text } = mailText(message);
      await mkdir(outboxDir, { recursive: true });
      const safeTarget = message.target.replace(/[^A-Za-z0-9@.+-]/g, '_');
      const file = path.join(outboxDir, `${now().toISOString().replace(/[:.]/g, '-')}-${message.purpose}-${safeTarget}.txt`);
      await writeFile(file, `To: ${message.target}\nChannel: ${message.channel}\nPurpose: ${message.purpose}\nSubject: ${subject}\n\n${text}\n`, { mode: 0o600 });
      // the code itself only in the file (0600): logs are shipped and kept, codes must not be
      log.info({ channel: message.channel, purpose: message.purpose, file }, 'verification code written to the local outbox (development sender)');
    },
  };
}

/**
 * SMTP sender (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465): e-mail codes by mail. SMS has
 * no provider yet, so phone codes go to the fallback sender. Nothing secret is logged.
 */
export function smtpCodeSender(options: { url: string; from: string; fallback: CodeSender; transport?: Pick<Transporter, 'sendMail'> }): CodeSender {
  const transport = options.transport ?? nodemailer.createTransport(options.url);
  return {
    async send(message) {
      if (message.channel !== 'email') return options.fallback.send(message);
      const { subject, text } = mailText(message);
      await transport.sendMail({ from: options.from, to: message.target, subject, text });
    },
  };
}

/** Test sender: remembers what was sent. */
export class RecordingCodeSender implements CodeSender {
  readonly sent: { channel: 'email' | 'sms'; target: string; code: string; purpose: string }[] = [];
  async send(message: CodeMessage): Promise<void> {
    this.sent.push({ channel: message.channel, target: message.target, code: message.code, purpose: message.purpose });
  }
  lastCodeFor(target: string, purpose?: string): string | undefined {
    return this.sent.filter((entry) => entry.target === target && (purpose === undefined || entry.purpose === purpose)).at(-1)?.code;
  }
}
