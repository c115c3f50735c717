import { marginPercent, round2 } from './pricing.ts';
import type { InventoryItem } from './product.ts';
import { stockStatus } from './status.ts';

/**
 * The built-in sample shown when the server's catalogue is empty once loading has finished
 * (spec section 3). GST is 10 % of LUC on every line but one: the Sauternes is entered with GST
 * of 0, as a duty-free sample bottle would be.
 */
type SampleLine = [
  product: string,
  producer: string,
  country: string,
  region: string,
  appellation: string,
  luc: number,
  listPrice: number,
  stock: number,
  description: string,
];

// biome-ignore format: one product per line reads as the table it is
const LINES: SampleLine[] = [
  ['Château Margaux 2015', 'Château Margaux', 'France', 'Bordeaux', 'Margaux', 620, 1095, 6, 'Cassis, violets and cedar; silky, long and built to age for decades.'],
  ['Penfolds Bin 389 Cabernet Shiraz', 'Penfolds', 'Australia', 'South Australia', 'Barossa Valley', 58, 95, 42, 'Blackcurrant and mocha with a firm, generous Barossa structure.'],
  ['Cloudy Bay Sauvignon Blanc', 'Cloudy Bay', 'New Zealand', 'Marlborough', 'Marlborough', 24, 39.99, 64, 'Passionfruit and lime with a crisp, mineral Marlborough finish.'],
  ['Domaine Leflaive Puligny-Montrachet', 'Domaine Leflaive', 'France', 'Burgundy', 'Puligny-Montrachet', 142, 235, 9, 'White flowers and hazelnut over a taut, saline line of acidity.'],
  ['Moët & Chandon Brut Impérial NV', 'Moët & Chandon', 'France', 'Champagne', 'Champagne', 48, 79.99, 0, 'Green apple and brioche with a fine, lively mousse.'],
  ['Antinori Tignanello 2019', 'Marchesi Antinori', 'Italy', 'Tuscany', 'Toscana IGT', 118, 189, 14, 'Dark cherry, tobacco and spice; polished Tuscan tannins.'],
  ['Château d’Yquem 2016 (375 ml)', 'Château d’Yquem', 'France', 'Bordeaux', 'Sauternes', 210, 329, 3, 'Apricot, honey and saffron with luscious, balanced sweetness.'],
  ['Vega Sicilia Único 2012', 'Vega Sicilia', 'Spain', 'Castilla y León', 'Ribera del Duero', 395, 640, 2, 'Plum, leather and graphite; profound, layered and very long.'],
];

export const SAMPLE_INVENTORY: readonly InventoryItem[] = LINES.map(
  (
    [product, producer, country, region, appellation, luc, listPrice, stock, description],
    index,
  ) => {
    const gst = appellation === 'Sauternes' ? 0 : round2(luc * 0.1);
    return {
      id: index + 1,
      product,
      producer,
      country,
      region,
      appellation,
      luc,
      gst,
      listPrice,
      stock_quantity: stock,
      description,
      status: stockStatus(stock),
      margin: round2(marginPercent(listPrice, luc, gst) ?? 0),
      custom: {},
    };
  },
);
