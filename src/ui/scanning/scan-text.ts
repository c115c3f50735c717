import { countText } from '#shared/words.ts';
/** What the scanning screens say, in one place. */
export const SCAN_TEXT = {
  notFound: 'No product has this code or name.',
  badBarcode:
    'This barcode does not add up (its check digit is wrong). Scan it again or check the digits.',
  loading: 'Loading products...',
  absent:
    'The catalogue is not on this device yet. Connect to the internet to look products up here.',
  several: (count: number) => `This code belongs to ${countText(count)} products. Which one?`,
  matches: 'Matching products',
  newBarcode: (code: string) => `No product has the barcode ${code} yet.`,
  askToAdd: 'An owner or a manager can add it, or attach it to a product.',
  attachPrompt: (code: string) => `Which product should carry the barcode ${code}?`,
  confirmAttach: (code: string, product: string) => `Attach the barcode ${code} to ${product}?`,
  replaces: (old: string) => `It replaces the product's barcode ${old}.`,
  attached: (code: string) =>
    `Barcode ${code} attached. It is saved on this device and sent when it can be.`,
} as const;
