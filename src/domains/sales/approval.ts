import * as v from 'valibot';

/**
 * A manager's approval of a discount past the staff limit (beyond the spec's prototype). The
 * manager or owner is chosen by name and types their approval PIN on the tablet; the PIN is
 * sealed (RSA-OAEP, SHA-256) to the server's approval key together with the sale's id, the
 * approver's id and a digest of what is sold at what price and discount, and only that sealed
 * text is sent or kept on the device. The server, which
 * alone holds the PIN's salted hash and the key to open it, checks it: at once when the tablet
 * is online (POST /sales/approvals), else when the sale arrives. A sealed PIN proves nothing for
 * another sale, nor for the same sale with other lines or discounts, and a tablet holds nothing
 * a PIN could be guessed against: a copy of the hashes
 * on a device falls to 10,000 guesses in minutes. Five wrong PINs in a row lock an approver's
 * PIN until they set a new one.
 */
/** Wrong PINs in a row that lock an approver's PIN. */
export const MAX_PIN_TRIES = 5;

export const PIN_MESSAGES = {
  pin: 'An approval PIN is 4 to 8 digits',
  wrong: (name: string, left: number) =>
    `That is not ${name}’s approval PIN: ${left} ${left === 1 ? 'try' : 'tries'} left before it locks`,
  locked: (name: string) =>
    `${name}’s approval PIN is locked after ${MAX_PIN_TRIES} wrong tries: ${name} sets a new one in Settings → Payment & Tax`,
  needed: (limit: number) => `A discount over ${limit} % needs a manager's approval`,
  approver: 'Choose who approves',
  notApprover: 'That person cannot approve discounts: choose a manager or owner with a PIN',
  otherSale: 'This approval was given for another sale',
  unreadable: 'This approval cannot be read: approve the sale again',
  offline: 'The approval is checked when the tablet is back online',
  noKey: 'This tablet has not received the shop’s approval key yet: approve once it is online',
} as const;

export const ApprovalPinSchema = v.object({
  pin: v.pipe(v.string(PIN_MESSAGES.pin), v.regex(/^\d{4,8}$/, PIN_MESSAGES.pin)),
});

/** Who may approve, as a tablet lists them: a name to choose, and whether their PIN is locked. */
export const ApproverSchema = v.object({
  user_id: v.string(),
  name: v.string(),
  locked: v.boolean(),
});
export type Approver = v.InferOutput<typeof ApproverSchema>;

/** The server's public approval key (a JSON Web Key), as tablets keep it to seal PINs. */
export const ApprovalKeySchema = v.object({
  id: v.pipe(v.string(), v.maxLength(64)),
  jwk: v.looseObject({
    kty: v.literal('RSA'),
    n: v.pipe(v.string(), v.maxLength(1024)),
    e: v.pipe(v.string(), v.maxLength(16)),
  }),
});
export type ApprovalKey = v.InferOutput<typeof ApprovalKeySchema>;

/** A PIN sealed to the approval key, with whom it names: what a sale carries. */
export const SealedApprovalSchema = v.object({
  approver_id: v.pipe(v.string(), v.uuid(PIN_MESSAGES.approver)),
  key_id: v.pipe(v.string(), v.maxLength(64)),
  /** Base64 of the RSA-OAEP ciphertext (256 bytes with a 2048-bit key). */
  sealed: v.pipe(v.string(), v.maxLength(1024, PIN_MESSAGES.unreadable)),
});
export type SealedApproval = v.InferOutput<typeof SealedApprovalSchema>;

/**
 * POST /sales/approvals: an approval checked at once, online, before the sale is completed. The
 * check always answers what it found, a wrong PIN included (whose count must stay): the
 * approver, or why not in words.
 */
export const ApprovalCheckSchema = v.object({
  sale_id: v.pipe(v.string(), v.uuid()),
  approval: SealedApprovalSchema,
});
export const ApprovalCheckAnswerSchema = v.union([
  v.object({ approver: v.object({ user_id: v.string(), name: v.string() }) }),
  v.object({ refused: v.object({ message: v.string() }) }),
]);

/**
 * What is inside the seal, under short keys (RSA-OAEP with a 2048-bit key seals 190 bytes at
 * most): the PIN, the sale's id, the approver's id, and the digest of what is sold.
 */
const OpenedSchema = v.object({
  p: v.pipe(v.string(), v.regex(/^\d{4,8}$/)),
  s: v.string(),
  a: v.string(),
  d: v.string(),
});
export interface OpenedApproval {
  pin: string;
  saleId: string;
  approverId: string;
  digest: string;
}

/**
 * What an approval approves, as a digest: each line's product, quantity, price charged and
 * discount, and the sale's discount — all that makes the discount given. The same sale on the
 * tablet and on the server gives the same digest; any other lines give another.
 */
export async function approvalDigest(sale: {
  lines: readonly {
    product_id: number;
    quantity: number;
    unit_cents: number;
    discount?: { kind: string; value?: number; cents?: number } | undefined;
  }[];
  discount?: { kind: string; value?: number; cents?: number } | undefined;
}): Promise<string> {
  const discountOf = (discount: (typeof sale)['discount']) =>
    discount ? [discount.kind, discount.value ?? discount.cents ?? 0] : null;
  const canonical = JSON.stringify([
    sale.lines.map((line) => [
      line.product_id,
      line.quantity,
      line.unit_cents,
      discountOf(line.discount),
    ]),
    discountOf(sale.discount),
  ]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical));
  return toBase64(new Uint8Array(digest));
}

export const APPROVAL_ALGORITHM = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** Seals a typed PIN for one sale as it stands and one approver (on the tablet; offline too). */
export async function sealApproval(
  key: ApprovalKey,
  approval: OpenedApproval,
): Promise<SealedApproval> {
  const publicKey = await crypto.subtle.importKey('jwk', key.jwk, APPROVAL_ALGORITHM, false, [
    'encrypt',
  ]);
  const plain = new TextEncoder().encode(
    JSON.stringify({
      p: approval.pin,
      s: approval.saleId,
      a: approval.approverId,
      d: approval.digest,
    }),
  );
  const sealed = await crypto.subtle.encrypt(APPROVAL_ALGORITHM, publicKey, plain);
  return {
    approver_id: approval.approverId,
    key_id: key.id,
    sealed: toBase64(new Uint8Array(sealed)),
  };
}

/** What a seal holds, opened with the private key; null when it cannot be (altered, or not ours). */
export async function openApproval(
  privateKey: Parameters<typeof crypto.subtle.decrypt>[1],
  sealed: string,
): Promise<OpenedApproval | null> {
  try {
    const plain = await crypto.subtle.decrypt(APPROVAL_ALGORITHM, privateKey, fromBase64(sealed));
    const parsed = v.safeParse(OpenedSchema, JSON.parse(new TextDecoder().decode(plain)));
    if (!parsed.success) return null;
    const { p, s, a, d } = parsed.output;
    return { pin: p, saleId: s, approverId: a, digest: d };
  } catch {
    return null;
  }
}

/**
 * Where an approval stands once the server has the sale: confirmed by a manager's PIN, or not
 * confirmed — the sale is kept (the goods have left) and shown to managers with the reason.
 */
export const APPROVAL_PROBLEMS = {
  'wrong-pin': 'The PIN typed was not the approver’s',
  locked: 'The approver’s PIN was locked after 5 wrong tries',
  'not-approver': 'The person named cannot approve discounts',
  unreadable: 'The approval could not be read',
  'other-sale': 'The approval was given for another sale',
  price:
    'Sold at the price the tablet showed, which the shop’s price at the time puts past the staff limit: no approval was asked',
} as const;
export type ApprovalProblem = keyof typeof APPROVAL_PROBLEMS;
