import { productCsv, productFileName } from '#domains/products/export.ts';
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

/** Export: the product as a CSV file (its fields, stock and custom values). */
export function exportProduct(item: InventoryItem, customNames?: ReadonlyMap<string, string>) {
  downloadText(productFileName(item), productCsv(item, customNames));
}
