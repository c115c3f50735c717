import * as v from 'valibot';
import {
  ApprovalCheckAnswerSchema,
  type ApprovalKey,
  type Approver,
  approvalDigest,
  PIN_MESSAGES,
  type SealedApproval,
  sealApproval,
} from '#domains/sales/approval.ts';
import { unconfirmedApprovalsRead } from '#domains/sales/reads.ts';
import type { Sale } from '#domains/sales/sale.ts';
import { checkApprovalWrite, reviewApprovalWrite } from '#domains/sales/writes.ts';
import { writePath } from '#shared/write-declaration.ts';
import { ApiError, apiJson, readJson } from '../api-client.ts';
import { serverReachable } from '../connection.ts';
import { isOfflineError } from './load-policy.ts';

/**
 * A manager's approval of a discount past the staff limit, on the tablet (domains/sales/
 * approval.ts): the typed PIN is sealed to the shop's approval key with the sale's id at once,
 * and only the sealed text is kept or sent. Online, the server checks it before the sale is
 * completed, so a wrong PIN is said at once; offline (or when the check cannot reach the
 * server), the sale goes ahead and the server checks the sealed PIN when the sale arrives.
 */
export type ApprovalOutcome =
  | { status: 'approved' | 'pending'; approval: SealedApproval; approver: Approver }
  /** The server refused it: the words to show under the PIN. */
  | { status: 'refused'; message: string };

export async function approveSale(input: {
  key: ApprovalKey | undefined;
  approver: Approver;
  pin: string;
  /** The sale as it stands: its id, and the lines and discount the approval is for. */
  sale: Pick<Sale, 'id' | 'lines' | 'discount'>;
}): Promise<ApprovalOutcome> {
  if (!input.key) return { status: 'refused', message: PIN_MESSAGES.noKey };
  const approval = await sealApproval(input.key, {
    pin: input.pin,
    saleId: input.sale.id,
    approverId: input.approver.user_id,
    digest: await approvalDigest(input.sale),
  });
  if (!serverReachable()) return { status: 'pending', approval, approver: input.approver };
  try {
    const answer = await apiJson(checkApprovalWrite.route, ApprovalCheckAnswerSchema, {
      method: checkApprovalWrite.method,
      body: JSON.stringify({ sale_id: input.sale.id, approval }),
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    if ('refused' in answer) return { status: 'refused', message: answer.refused.message };
    return { status: 'approved', approval, approver: input.approver };
  } catch (error) {
    if (isOfflineError(error)) return { status: 'pending', approval, approver: input.approver };
    if (error instanceof ApiError) {
      return { status: 'refused', message: error.serverMessage ?? error.message };
    }
    throw error;
  }
}

/** The sales whose approval no PIN confirmed, for managers (online; kept for offline viewing). */
export const unconfirmedApprovalsQuery = () => ({
  queryKey: ['sales', 'approvals', 'unconfirmed'] as const,
  queryFn: () => readJson(unconfirmedApprovalsRead, {}),
});

/** A manager has looked at one: it leaves the list (online). */
export async function markApprovalReviewed(saleId: string): Promise<void> {
  await apiJson(
    writePath(reviewApprovalWrite, { id: saleId }),
    v.object({ reviewed: v.literal(true) }),
    {
      method: reviewApprovalWrite.method,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    },
  );
}
