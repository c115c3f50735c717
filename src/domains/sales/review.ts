import * as v from 'valibot';
import { APPROVAL_PROBLEMS, type ApprovalProblem } from './approval.ts';

/**
 * GET /sales/approvals/unconfirmed (managers, owners): the sales whose discount past the staff
 * limit no manager's PIN confirmed, not yet reviewed, newest first — who sold it, for what
 * against its shelf prices, and why the approval did not hold.
 */
const Cents = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2_147_483_647));

export const UnconfirmedSaleSchema = v.object({
  id: v.string(),
  receipt: v.string(),
  made_at: v.string(),
  total_cents: Cents,
  /** What its lines come to at the shop's shelf prices when it was sold. */
  shelf_cents: Cents,
  problem: v.picklist(Object.keys(APPROVAL_PROBLEMS) as [ApprovalProblem, ...ApprovalProblem[]]),
  sold_by: v.nullable(v.string()),
  /** The manager or owner the tablet named, if any. */
  approver: v.nullable(v.string()),
});
export type UnconfirmedSale = v.InferOutput<typeof UnconfirmedSaleSchema>;

export const UnconfirmedSalesSchema = v.object({ sales: v.array(UnconfirmedSaleSchema) });
