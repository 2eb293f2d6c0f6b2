import argon2 from 'argon2';

/** argon2id for every secret users choose (login and fund passwords, operator passwords). */
export interface PasswordHasher {
  hash(secret: string): Promise<string>;
  verify(hash: string, secret: string): Promise<boolean>;
}

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
export const DEFAULT_ARGON2: Argon2Params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function argon2Hasher(params: Argon2Params = DEFAULT_ARGON2): PasswordHasher {
  return {
    hash: (secret) => argon2.hash(secret, { type: argon2.argon2id, ...params }),
    async verify(hash, secret) {
      try {
        return await argon2.verify(hash, secret);
      } catch {
        return false;
      }
    },
  };
}

/** A hash of a random secret, so a lookup of an unknown user costs as much as a real verification. */
const dummyHashes = new WeakMap<PasswordHasher, Promise<string>>();
export function dummyHashFor(hasher: PasswordHasher): Promise<string> {
  let hash = dummyHashes.get(hasher);
  if (!hash) {
    hash = hasher.hash('caravan-timing-equaliser');
    dummyHashes.set(hasher, hash);
  }
  return hash;
}
