import * as v from 'valibot';

/**
 * A manager's approval on the tablet (beyond the spec's prototype): a discount past the staff
 * limit is approved by a manager or owner typing their approval PIN on the device, which works
 * offline. Each manager sets their own PIN (4 to 8 digits); the server keeps a salted PBKDF2
 * hash of it and gives the shop's tablets the hashes, so a tablet checks a PIN without the
 * network. The sale then names who approved it, and the server checks that person is a manager
 * or owner of the shop. A PIN is a till key, not a password: it unlocks nothing but approvals.
 */
export const PIN_ITERATIONS = 100_000;
export const PIN_MESSAGES = {
  pin: 'An approval PIN is 4 to 8 digits',
  wrong: 'That PIN is not a manager’s approval PIN',
  needed: (limit: number) => `A discount over ${limit} % needs a manager's approval`,
} as const;

export const ApprovalPinSchema = v.object({
  pin: v.pipe(v.string(PIN_MESSAGES.pin), v.regex(/^\d{4,8}$/, PIN_MESSAGES.pin)),
});

/** Who may approve, as a tablet stores them: a name and their PIN's salted hash. */
export const ApproverSchema = v.object({
  user_id: v.string(),
  name: v.string(),
  salt: v.string(),
  hash: v.string(),
  iterations: v.number(),
});
export type Approver = v.InferOutput<typeof ApproverSchema>;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** PBKDF2-SHA-256 of a PIN, in base64: the same on the server (Node's WebCrypto) and a tablet. */
export async function pinHash(pin: string, salt: string, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(salt), iterations },
    key,
    256,
  );
  return toBase64(new Uint8Array(bits));
}

export const newPinSalt = () => toBase64(crypto.getRandomValues(new Uint8Array(16)));

/** The approver whose PIN this is, if any. */
export async function approverOf(
  pin: string,
  approvers: readonly Approver[],
): Promise<Approver | null> {
  for (const approver of approvers) {
    if ((await pinHash(pin, approver.salt, approver.iterations)) === approver.hash) return approver;
  }
  return null;
}
