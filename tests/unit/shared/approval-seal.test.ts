import { describe, expect, it } from 'vitest';
import {
  APPROVAL_ALGORITHM,
  type ApprovalKey,
  approvalDigest,
  openApproval,
  sealApproval,
} from '#domains/sales/approval.ts';

/**
 * A manager's PIN sealed on the tablet for one sale as it stands: only the holder of the private
 * key reads it, a seal is never the same twice (nothing to compare guesses against), and the
 * digest names the lines and discounts it approves.
 */
async function keyPair() {
  const pair = (await crypto.subtle.generateKey(
    { ...APPROVAL_ALGORITHM, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  )) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
  return { key: { id: 'k1', jwk } as ApprovalKey, privateKey: pair.privateKey };
}

const sale = {
  lines: [
    { product_id: 7, quantity: 2, unit_cents: 4_499, discount: { kind: 'percent', value: 20 } },
    { product_id: 9, quantity: 1, unit_cents: 1_000 },
  ],
};

describe('sealed approvals', () => {
  it('opens with the private key to what was typed, for whom and for what', async () => {
    const { key, privateKey } = await keyPair();
    const digest = await approvalDigest(sale);
    const approval = {
      pin: '24681357',
      saleId: '5b0c6b9e-4f3c-4d7e-9a55-0f1d2c3b4a59',
      approverId: '0d4f1e2a-6b3c-4d5e-8f70-112233445566',
      digest,
    };
    const sealed = await sealApproval(key, approval);
    expect(sealed.approver_id).toBe(approval.approverId);
    expect(sealed.key_id).toBe('k1');
    expect(sealed.sealed).not.toContain('24681357');
    expect(await openApproval(privateKey, sealed.sealed)).toEqual(approval);
    // The same PIN for the same sale seals differently every time.
    expect((await sealApproval(key, approval)).sealed).not.toBe(sealed.sealed);
  });

  it('opens to nothing with another key, or when altered', async () => {
    const { key } = await keyPair();
    const other = await keyPair();
    const sealed = await sealApproval(key, {
      pin: '1234',
      saleId: 's',
      approverId: 'a',
      digest: await approvalDigest(sale),
    });
    expect(await openApproval(other.privateKey, sealed.sealed)).toBeNull();
    const altered = `A${sealed.sealed.slice(1)}`;
    expect(await openApproval((await keyPair()).privateKey, altered)).toBeNull();
    expect(await openApproval(other.privateKey, 'not base64 at all!')).toBeNull();
  });

  it('digests what makes the discount, and only that', async () => {
    const digest = await approvalDigest(sale);
    expect(await approvalDigest(structuredClone(sale))).toBe(digest);
    const moreOff = structuredClone(sale);
    (moreOff.lines[0] as { discount: { value: number } }).discount.value = 100;
    expect(await approvalDigest(moreOff)).not.toBe(digest);
    const cheaper = structuredClone(sale);
    (cheaper.lines[1] as { unit_cents: number }).unit_cents = 1;
    expect(await approvalDigest(cheaper)).not.toBe(digest);
    expect(await approvalDigest({ ...sale, discount: { kind: 'amount', cents: 500 } })).not.toBe(
      digest,
    );
  });
});
