import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';

/** Where uploaded bytes live: local disk by default, an S3-compatible store behind the same port later. */
export interface BlobStore {
  put(key: string, bytes: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** undefined when the blob does not exist */
  open(key: string): Promise<Readable | undefined>;
}

/** `<sha256>.<ext>`; private pictures (identity documents) carry a `p` prefix: a key space of their own. */
const KEY_PATTERN = /^p?[0-9a-f]{64}\.(jpg|png|webp)$/;

export function isBlobKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Keys of private pictures: never served by the public /uploads/ route. */
export function isPrivateBlobKey(key: string): boolean {
  return isBlobKey(key) && key.startsWith('p');
}

export class LocalDiskBlobStore implements BlobStore {
  constructor(private readonly dir: string) {}

  private pathFor(key: string): string {
    if (!isBlobKey(key)) throw new Error('invalid blob key');
    // two-level fan-out keeps directories small
    return path.join(this.dir, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathFor(key);
    if (existsSync(target)) return; // content-addressed: same key, same bytes
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, target);
  }

  async exists(key: string): Promise<boolean> {
    return isBlobKey(key) && existsSync(this.pathFor(key));
  }

  async open(key: string): Promise<Readable | undefined> {
    if (!(await this.exists(key))) return undefined;
    return createReadStream(this.pathFor(key));
  }
}

export class MemoryBlobStore implements BlobStore {
  readonly blobs = new Map<string, Buffer>();
  async put(key: string, bytes: Buffer): Promise<void> {
    if (!isBlobKey(key)) throw new Error('invalid blob key');
    this.blobs.set(key, bytes);
  }
  async exists(key: string): Promise<boolean> {
    return this.blobs.has(key);
  }
  async open(key: string): Promise<Readable | undefined> {
    const bytes = this.blobs.get(key);
    if (!bytes) return undefined;
    const { Readable } = await import('node:stream');
    return Readable.from(bytes);
  }
}
