/**
 * Automatic SKUs of Product Defaults (spec section 3): the prefix and the number padded to its
 * digits, 'PROD000001' by default. The next one is one past the highest already used with that
 * prefix, and never below the starting number. Two devices adding products offline at the same
 * time can each take the same next number: SKUs are not unique on the server, so both are kept
 * and either can be changed later.
 */
export interface SkuSettings {
  skuPrefix: string;
  skuStartingNumber: number;
  skuDigits: number;
}

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function skuOf(settings: SkuSettings, number: number): string {
  return `${settings.skuPrefix}${String(number).padStart(settings.skuDigits, '0')}`;
}

export function nextSku(used: Iterable<string | undefined>, settings: SkuSettings): string {
  const pattern = new RegExp(`^${escapeForPattern(settings.skuPrefix)}(\\d+)$`);
  let next = settings.skuStartingNumber;
  for (const sku of used) {
    const match = sku === undefined ? null : pattern.exec(sku);
    if (match) next = Math.max(next, Number(match[1]) + 1);
  }
  return skuOf(settings, next);
}
