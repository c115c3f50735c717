import { randomBytes } from 'node:crypto';
import { hash, type Options, verify } from '@node-rs/argon2';

/**
 * Password hashing with Argon2id. The cost is above the OWASP minimums (19 MiB, t=2) at RFC 9106's
 * second recommended memory size: 64 MiB, 3 passes, 1 lane. On our 2-core machines a hash takes
 * about 75 ms, slow for a guesser and quick for a person signing in. Parameters travel inside each
 * PHC-formatted hash, so they can be raised later without invalidating stored passwords.
 */
// `Algorithm` is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Options['algorithm'];
const COST: Options = { algorithm: ARGON2ID, memoryCost: 65_536, timeCost: 3, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, COST);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash never matches.
    return false;
  }
}

/**
 * A hash of a random password, checked against when the email is unknown, so that a wrong email
 * costs the same time as a wrong password and does not reveal which accounts exist.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}
