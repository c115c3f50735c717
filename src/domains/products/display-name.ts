/**
 * One name for a product on every screen and paper: its name, its vintage (unless the name says
 * it already), and its bottle size when it is not the usual 750 ml — 'Grange 2018', 'Tawny Port
 * NV (375 ml)'. Five ports at five prices, or two Shiraz of two years, read apart at the till,
 * in a count and on a receipt.
 */
export interface NamedProduct {
  name: string;
  vintage?: string | null | undefined;
  /** Bottle size in ml, as the field keeps it ('750', '1500'). */
  bottleMl?: string | null | undefined;
}

const USUAL_BOTTLE_ML = 750;

/** A bottle size as people say it: '375 ml', '1.5 L'. */
export function bottleSizeText(ml: number): string {
  return ml >= 1000 ? `${Number((ml / 1000).toFixed(3))} L` : `${ml} ml`;
}

/** The bottle size worth saying ('375 ml', '1.5 L'): none for the usual 750 ml or no size. */
export function unusualSize(bottleMl: string | null | undefined): string | null {
  const ml = Number(bottleMl);
  return bottleMl && Number.isFinite(ml) && ml > 0 && ml !== USUAL_BOTTLE_ML
    ? bottleSizeText(ml)
    : null;
}

export function displayName({ name, vintage, bottleMl }: NamedProduct): string {
  const year = vintage?.trim() ?? '';
  // A word of the name, as typed (no pattern made of it: a catalogue's worth are named at once).
  const saysYear = year !== '' && name.toLowerCase().split(/\s+/).includes(year.toLowerCase());
  const titled = year && !saysYear ? `${name} ${year}` : name;
  const size = unusualSize(bottleMl);
  return size ? `${titled} (${size})` : titled;
}

/** The display name of an item as the screens hold it. */
export function itemName(item: {
  product: string;
  vintage?: string | undefined;
  bottle_ml?: string | undefined;
}): string {
  return displayName({ name: item.product, vintage: item.vintage, bottleMl: item.bottle_ml });
}
