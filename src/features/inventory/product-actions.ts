import { productHistoryQuery } from '#data/repositories/product-history.ts';
import { localDay } from '#data/time-zone.ts';
import { movementRows, productCsv, productFileName } from '#domains/products/export.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { downloadText } from '#ui/download.ts';
import { showToast } from '#ui/toast.tsx';

/** The address that opens a product's popup on the inventory screen. */
export const productLink = (item: InventoryItem, origin = window.location.origin) =>
  new URL(`/inventory?product=${item.id}`, origin).toString();

export const SHARE_TEXT = {
  copied: (name: string) => `Link to ${name} copied.`,
  notCopied: (link: string) => `Copy this link: ${link}`,
} as const;

/**
 * Share: the device's share sheet where there is one (a phone, a tablet), else the link copied.
 * A share the person cancels is no failure.
 */
export async function shareProduct(item: InventoryItem): Promise<void> {
  const url = productLink(item);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: item.product, text: item.product, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // No share sheet after all: copy the link instead.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    showToast(SHARE_TEXT.copied(item.product), 'success');
  } catch {
    showToast(SHARE_TEXT.notCopied(url));
  }
}

export const EXPORT_PRODUCT_TEXT = {
  noMovements:
    'Movements need a connection to the server: the file holds the product alone. Export again when you are back online.',
} as const;

/** A moment as a spreadsheet reads it: this device's date and time, to the minute. */
const spreadsheetTime = (at: string) => {
  const moment = new Date(at);
  return `${localDay(moment)} ${moment.toTimeString().slice(0, 5)}`;
};

/**
 * Export (the row menu, the popup's Export Data): the product as a CSV file — its fields, stock
 * and custom values — and, for a product on the server, its stock movements (online).
 */
export async function exportProduct(
  item: InventoryItem,
  customNames?: ReadonlyMap<string, string>,
  withMovements = false,
) {
  let movements: unknown[][] | undefined;
  if (withMovements) {
    try {
      const { changes } = await productHistoryQuery(item.id).queryFn();
      movements = movementRows(changes, spreadsheetTime);
    } catch {
      showToast(EXPORT_PRODUCT_TEXT.noMovements);
    }
  }
  downloadText(productFileName(item), productCsv(item, customNames, movements));
}
