import { randomBytes, type webcrypto } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  APPROVAL_ALGORITHM,
  type ApprovalKey,
  type ApprovalProblem,
  type Approver,
  approvalDigest,
  MAX_PIN_TRIES,
  openApproval,
  type SealedApproval,
} from '#domains/sales/approval.ts';
import { needsApproval } from '#domains/sales/money.ts';
import { discountGiven, type PricedSale, type Sale } from '#domains/sales/sale.ts';
import { can } from '#shared/auth/permissions.ts';
import type { Role } from '#shared/auth/schemas.ts';
import type { Db, Tx } from '../db/client.ts';
import { approvalChecks, approvalKeys, approvalPins, users } from '../db/schema.ts';

/**
 * Approvals of discounts past the staff limit, on the server (domains/sales/approval.ts): the
 * approval key tablets seal PINs to, the PINs' hashes (which never leave this module), the
 * count of wrong PINs in a row that locks one, and what a sale's approval comes to.
 */
const PIN_ITERATIONS = 100_000;

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** PBKDF2-SHA-256 of a PIN, in base64. */
async function pinHash(pin: string, salt: string, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: Buffer.from(salt, 'base64'), iterations },
    key,
    256,
  );
  return toBase64(new Uint8Array(bits));
}

/**
 * The newest approval key's public half, made on first need. Two instances making one at once
 * each keep theirs: a seal names its key, and every key stays able to open its seals.
 */
export async function approvalKey(db: Db | Tx): Promise<ApprovalKey> {
  const [newest] = await db
    .select({ id: approvalKeys.id, jwk: approvalKeys.publicJwk })
    .from(approvalKeys)
    .orderBy(desc(approvalKeys.createdAt))
    .limit(1);
  if (newest) return { id: newest.id, jwk: newest.jwk as ApprovalKey['jwk'] };
  const pair = (await crypto.subtle.generateKey(
    {
      ...APPROVAL_ALGORITHM,
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
    },
    true,
    ['encrypt', 'decrypt'],
  )) as webcrypto.CryptoKeyPair;
  const id = randomBytes(8).toString('hex');
  const publicJwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  const privateJwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  await db.insert(approvalKeys).values({ id, publicJwk, privateJwk });
  privateKeys.set(id, Promise.resolve(pair.privateKey));
  return { id, jwk: publicJwk as ApprovalKey['jwk'] };
}

/** Private keys by id, imported once per process (a key never changes). */
const privateKeys = new Map<string, Promise<webcrypto.CryptoKey | null>>();

function privateKeyOf(db: Db | Tx, id: string): Promise<webcrypto.CryptoKey | null> {
  let key = privateKeys.get(id);
  if (!key) {
    key = db
      .select({ jwk: approvalKeys.privateJwk })
      .from(approvalKeys)
      .where(eq(approvalKeys.id, id))
      .then(([row]) =>
        row
          ? crypto.subtle.importKey('jwk', row.jwk, APPROVAL_ALGORITHM, false, ['decrypt'])
          : null,
      );
    // A key not found now may be made later by another instance: ask again next time.
    key.then((found) => {
      if (!found) privateKeys.delete(id);
    });
    privateKeys.set(id, key);
  }
  return key;
}

const approverRole = inArray(users.role, ['owner', 'manager']);

/** The managers and owners of a business with an approval PIN: names to choose from, no secret. */
export async function approversOf(db: Db | Tx, businessId: string): Promise<Approver[]> {
  const rows = await db
    .select({ user_id: users.id, name: users.name, lockedAt: approvalPins.lockedAt })
    .from(approvalPins)
    .innerJoin(users, eq(users.id, approvalPins.userId))
    .where(and(eq(users.businessId, businessId), approverRole, isNull(users.disabledAt)))
    .orderBy(users.name);
  return rows.map((row) => ({
    user_id: row.user_id,
    name: row.name,
    locked: row.lockedAt !== null,
  }));
}

/** Sets a manager's own PIN: a new salt and hash, and any lock or count of wrong tries undone. */
export async function setApprovalPin(db: Db | Tx, userId: string, pin: string, now: Date) {
  const salt = toBase64(randomBytes(16));
  const hash = await pinHash(pin, salt, PIN_ITERATIONS);
  const values = { salt, hash, iterations: PIN_ITERATIONS, updatedAt: now, failedTries: 0 };
  await db
    .insert(approvalPins)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: approvalPins.userId, set: { ...values, lockedAt: null } });
}

export type ApprovalCheck =
  | { ok: true; approver: { user_id: string; name: string }; digest: string }
  | {
      ok: false;
      problem: ApprovalProblem;
      approver?: { user_id: string; name: string };
      /** Wrong PINs left before the approver's PIN locks (after a wrong PIN). */
      left?: number;
    };

/**
 * Checks a sealed PIN for one sale, in the caller's transaction: the approver must be a manager
 * or owner of the business with a PIN that is not locked, the seal must open with our key and
 * name this sale (its id, and its lines by `digest` when the sale is at hand) and this approver,
 * and the PIN must be theirs. A wrong PIN counts against the approver (their PIN row is locked
 * meanwhile, so tries at once are all counted); the fifth in a row locks it. A right one clears
 * the count. `digest`: what the seal approves, for the online check to keep.
 */
export async function checkApproval(
  tx: Db | Tx,
  businessId: string,
  sale: { id: string; digest?: string },
  approval: SealedApproval,
  now: Date,
): Promise<ApprovalCheck> {
  const [pin] = await tx
    .select({
      userId: approvalPins.userId,
      name: users.name,
      salt: approvalPins.salt,
      hash: approvalPins.hash,
      iterations: approvalPins.iterations,
      failedTries: approvalPins.failedTries,
      lockedAt: approvalPins.lockedAt,
    })
    .from(approvalPins)
    .innerJoin(users, eq(users.id, approvalPins.userId))
    .where(
      and(
        eq(approvalPins.userId, approval.approver_id),
        eq(users.businessId, businessId),
        approverRole,
        isNull(users.disabledAt),
      ),
    )
    .for('update', { of: approvalPins });
  if (!pin) return { ok: false, problem: 'not-approver' };
  const approver = { user_id: pin.userId, name: pin.name };
  if (pin.lockedAt) return { ok: false, problem: 'locked', approver };
  const key = await privateKeyOf(tx, approval.key_id);
  const opened = key && (await openApproval(key, approval.sealed));
  if (!opened) return { ok: false, problem: 'unreadable', approver };
  if (
    opened.saleId !== sale.id ||
    opened.approverId !== approval.approver_id ||
    (sale.digest !== undefined && opened.digest !== sale.digest)
  ) {
    return { ok: false, problem: 'other-sale', approver };
  }
  if ((await pinHash(opened.pin, pin.salt, pin.iterations)) === pin.hash) {
    if (pin.failedTries > 0) {
      await tx
        .update(approvalPins)
        .set({ failedTries: 0 })
        .where(eq(approvalPins.userId, pin.userId));
    }
    return { ok: true, approver, digest: opened.digest };
  }
  const tries = pin.failedTries + 1;
  await tx
    .update(approvalPins)
    .set({ failedTries: tries, ...(tries >= MAX_PIN_TRIES ? { lockedAt: now } : {}) })
    .where(eq(approvalPins.userId, pin.userId));
  return tries >= MAX_PIN_TRIES
    ? { ok: false, problem: 'locked', approver }
    : { ok: false, problem: 'wrong-pin', approver, left: MAX_PIN_TRIES - tries };
}

/**
 * An approval checked online for a sale not yet sent: that sale, when it comes with those very
 * lines, needs no other check (not even if the approver's PIN was locked meanwhile).
 */
export async function keepCheckedApproval(
  tx: Db | Tx,
  businessId: string,
  check: { saleId: string; approverId: string; digest: string },
  now: Date,
) {
  const values = { approverId: check.approverId, digest: check.digest, checkedAt: now };
  await tx
    .insert(approvalChecks)
    .values({ saleId: check.saleId, businessId, ...values })
    .onConflictDoUpdate({
      target: approvalChecks.saleId,
      set: values,
      setWhere: sql`${approvalChecks.businessId} = ${businessId}`,
    });
}

/** What a sale's approval comes to, stored with it. */
export type SaleApproval =
  | { status: null }
  | { status: 'confirmed'; approverId: string }
  | { status: 'not-confirmed'; problem: ApprovalProblem; approverId?: string };

/**
 * Decides a sale's approval, for sales of one seller: whether its discount (against the shop's
 * prices, `priced`) goes past the staff limit for a seller who may not give it, and if so what
 * its approval proves. A sale past the limit by the tablet's own figures that brings no approval
 * is refused (null): a till asks for a PIN first, so such a request is not a till's. One the
 * shop's prices alone put past it (the tablet showed an older price) is kept, not confirmed.
 */
export function saleApprovals(tx: Db | Tx, businessId: string, sellerRole: Role, limit: number) {
  return async (
    sale: Sale,
    priced: PricedSale,
    now: Date,
  ): Promise<SaleApproval | { refused: true }> => {
    if (can(sellerRole, 'sales.refund')) return { status: null };
    if (!needsApproval(discountGiven(priced), limit)) return { status: null };
    const approval = sale.approval;
    if (!approval) {
      return needsApproval(discountGiven(sale), limit)
        ? { refused: true }
        : { status: 'not-confirmed', problem: 'price' };
    }
    const digest = await approvalDigest(sale);
    const [checked] = await tx
      .select({ approverId: approvalChecks.approverId, digest: approvalChecks.digest })
      .from(approvalChecks)
      .where(and(eq(approvalChecks.saleId, sale.id), eq(approvalChecks.businessId, businessId)));
    if (checked?.approverId === approval.approver_id && checked.digest === digest) {
      return { status: 'confirmed', approverId: checked.approverId };
    }
    const check = await checkApproval(tx, businessId, { id: sale.id, digest }, approval, now);
    if (check.ok) return { status: 'confirmed', approverId: check.approver.user_id };
    return {
      status: 'not-confirmed',
      problem: check.problem,
      ...(check.approver ? { approverId: check.approver.user_id } : {}),
    };
  };
}
