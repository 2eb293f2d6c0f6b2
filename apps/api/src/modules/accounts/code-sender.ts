import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@caravan/contract/languages';

/** Port for delivering verification codes; an e-mail or SMS provider adapter implements it. */
export interface CodeSender {
  send(message: { channel: 'email' | 'sms'; target: string; code: string; purpose: string; locale: Locale }): Promise<void>;
}

/**
 * Development sender: writes the code to the server log so a developer can register without a
 * mail server. Production deployments configure a real adapter.
 */
export function loggingCodeSender(log: Pick<FastifyBaseLogger, 'info'>): CodeSender {
  return {
    async send({ channel, target, code, purpose }) {
      log.info({ channel, target, purpose, code }, 'verification code (development sender)');
    },
  };
}

/** Test sender: remembers what was sent. */
export class RecordingCodeSender implements CodeSender {
  readonly sent: { channel: 'email' | 'sms'; target: string; code: string; purpose: string }[] = [];
  async send(message: { channel: 'email' | 'sms'; target: string; code: string; purpose: string }): Promise<void> {
    this.sent.push({ channel: message.channel, target: message.target, code: message.code, purpose: message.purpose });
  }
  lastCodeFor(target: string): string | undefined {
    return this.sent.filter((entry) => entry.target === target).at(-1)?.code;
  }
}
