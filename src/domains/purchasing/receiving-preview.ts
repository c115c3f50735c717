import type { RetailRules } from '../products/pricing.ts';
import type { InventoryItem } from '../products/product.ts';
import { isTaxedAtTill } from '../products/tax.ts';
import { centsOf } from '../sales/money.ts';
import { gstOnCost, type MarginChange, marginChange } from './margin.ts';
import { type Delivery, invoiceCheck, postingLines } from './receiving.ts';

/**
 * A delivery's lines as the receiving screen shows them: what came, the invoice's cost, and the
 * LUC and margin before → after. An open delivery's figures are what posting would make of them
 * now (the same rules as the server's, from this device's catalogue); a posted one's are the
 * LUCs the server posted.
 */
export interface ReceivingRow {
  productId: number;
  name: string;
  item: InventoryItem | undefined;
  ordered: number | null;
  received: number;
  damaged: number;
  /** The invoice's cost of the line as typed, or null. */
  lineCents: number | null;
  /** What posting would count the line as costing: typed, else at the order's or LUC's cost. */
  costCents: number | null;
  lucBeforeCents: number | null;
  lucAfterCents: number | null;
  margin: MarginChange | null;
}

export interface PreviewInput {
  delivery: Delivery;
  lines: Delivery['lines'];
  items: ReadonlyMap<number, InventoryItem>;
  /** The order's expected unit cost of each product, where the delivery is against one. */
  orderedCosts: ReadonlyMap<number, number>;
  /** The invoice's line costs as typed (a product absent: none typed). */
  costs: ReadonlyMap<number, number>;
  freightCents: number;
  totalCents: number | null;
  alertPoints: number;
  rules: Omit<RetailRules, 'defaultMarkup'>;
}

export interface ReceivingPreview {
  rows: ReceivingRow[];
  /** What the lines that came cost: typed, else at the order's or the LUC's unit cost. */
  linesCents: number;
  /** Lines + freight + GST, the GST, and how far the typed total is from them. */
  expectedCents: number;
  gstCents: number;
  differenceCents: number | null;
}

export function receivingPreview(input: PreviewInput): ReceivingPreview {
  const { delivery, lines, items } = input;
  const posted = delivery.status === 'posted';
  const costed = lines.map((line) => {
    const item = items.get(line.product_id);
    const typed = input.costs.get(line.product_id);
    return {
      line,
      item,
      lineCents: typed ?? line.line_cents,
      posting: {
        productId: line.product_id,
        received: line.received,
        damaged: line.damaged,
        lineCents: typed ?? line.line_cents,
        fallbackUnitCents:
          input.orderedCosts.get(line.product_id) ?? (item ? centsOf(item.luc) : 0),
        onHand: Number(item?.stock_quantity ?? 0),
        lucCents: item ? centsOf(item.luc) : 0,
        taxable: item ? isTaxedAtTill(item.tax_category, item.gst) : true,
      },
    };
  });
  // As the server posts: only the lines where something came, the freight shared over them.
  const came = costed.filter(({ line }) => line.received + line.damaged > 0);
  const worked = postingLines(
    came.map((entry) => entry.posting),
    input.freightCents,
  );
  const workedOf = new Map(worked.map((line) => [line.productId, line]));
  const rows = costed.map(({ line, item, lineCents }): ReceivingRow => {
    const preview = workedOf.get(line.product_id);
    const lucBeforeCents = posted ? line.luc_before_cents : (preview?.lucBeforeCents ?? null);
    const lucAfterCents = posted ? line.luc_after_cents : (preview?.lucAfterCents ?? null);
    const counted = line.received > 0;
    const margin =
      item && counted && lucBeforeCents !== null && lucAfterCents !== null
        ? marginChange(
            {
              ...item,
              luc: lucBeforeCents / 100,
              gst: gstOnCost(item, lucBeforeCents / 100),
            },
            lucAfterCents / 100,
            input.alertPoints,
            input.rules,
          )
        : null;
    return {
      productId: line.product_id,
      name: line.name,
      item,
      ordered: line.ordered,
      received: line.received,
      damaged: line.damaged,
      lineCents,
      costCents: posted ? line.line_cents : (preview?.lineCents ?? null),
      lucBeforeCents: counted ? lucBeforeCents : null,
      lucAfterCents: counted ? lucAfterCents : null,
      margin,
    };
  });
  const check = invoiceCheck(
    worked.map((line, index) => ({
      lineCents: line.lineCents,
      taxable: came[index]?.posting.taxable ?? true,
    })),
    input.freightCents,
    input.totalCents,
  );
  return { rows, linesCents: worked.reduce((sum, line) => sum + line.lineCents, 0), ...check };
}
