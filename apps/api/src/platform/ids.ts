import { randomUUID } from 'node:crypto';

/** A new 32-hex id, the shape legacy clients know. */
export function newId(): string {
  return randomUUID().replaceAll('-', '');
}
