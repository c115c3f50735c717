import { type GridCell, GridCellKind } from '@glideapps/glide-data-grid';
import { cellText, marginTone } from '#domains/products/format.ts';
import { columnValue, type InventoryItem } from '#domains/products/product.ts';
import { statusBadge } from '#domains/products/status.ts';

/**
 * What each cell of the inventory grid shows. No cell allows an overlay: products are edited in
 * the row editor, so the grid never opens (or loads) its overlay editors (vite.config.ts).
 */
export const LINK_COLOR = '#7b1e3a';

const TONES = {
  green: '#1a7f37',
  yellow: '#9a6700',
  red: '#c62828',
  grey: '#6b7280',
} as const;

/** Products have no photos yet: the thumbnail column shows the same bottle for every row. */
const BOTTLE_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="#f6e9ee"/><path d="M17 6h6v7c2.5 1.4 4 3.6 4 6.5V33a2 2 0 0 1-2 2h-10a2 2 0 0 1-2-2V19.5c0-2.9 1.5-5.1 4-6.5z" fill="#7b1e3a"/><rect x="15" y="21" width="10" height="7" rx="1" fill="#f3b6c8"/></svg>',
)}`;

/**
 * The cell of `item` in the column `key` (rowNumber, image and options are the grid's own
 * columns), on the row numbered `rowNumber`; `productText` is the product cell's text.
 */
export function gridCell(
  item: InventoryItem | undefined,
  key: string | undefined,
  rowNumber: number,
  productText: (item: InventoryItem) => string,
): GridCell {
  if (!item || !key) {
    return { kind: GridCellKind.Text, data: '', displayData: '', allowOverlay: false };
  }
  if (key === 'rowNumber') {
    const text = String(rowNumber);
    return {
      kind: GridCellKind.Text,
      data: text,
      displayData: text,
      allowOverlay: false,
      contentAlign: 'right',
      themeOverride: { textDark: '#8a919a' },
    };
  }
  if (key === 'image') {
    return {
      kind: GridCellKind.Image,
      data: [BOTTLE_IMAGE],
      displayData: [BOTTLE_IMAGE],
      allowOverlay: false,
      readonly: true,
    };
  }
  if (key === 'options') {
    return {
      kind: GridCellKind.Text,
      data: '',
      displayData: '⋮',
      allowOverlay: false,
      contentAlign: 'center',
      cursor: 'pointer',
    };
  }
  const value = columnValue(item, key);
  const text = cellText(key, value);
  const base = {
    kind: GridCellKind.Text,
    data: text,
    displayData: text,
    allowOverlay: false,
  } as const;
  if (key === 'product') {
    const shown = productText(item);
    return {
      ...base,
      // The grid's accessible table reads `data`: the mark is said there too.
      data: shown,
      displayData: shown,
      cursor: 'pointer',
      themeOverride: { textDark: LINK_COLOR },
    };
  }
  if (key === 'margin') {
    return { ...base, themeOverride: { textDark: TONES[marginTone(item.margin)] } };
  }
  if (key === 'status') {
    const badge = statusBadge(value);
    return {
      ...base,
      data: badge.label,
      displayData: `● ${badge.label}`,
      themeOverride: { textDark: TONES[badge.tone] },
    };
  }
  if (typeof value === 'number' || key === 'luc' || key === 'gst' || key === 'listPrice') {
    return { ...base, contentAlign: 'right' };
  }
  return base;
}
