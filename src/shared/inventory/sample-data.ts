import { marginPercent, round2 } from './pricing.ts';
import type { InventoryItem } from './product.ts';
import { stockStatus } from './status.ts';

/**
 * The built-in sample shown when the server's catalogue is empty once loading has finished
 * (spec section 3). GST is 10 % of LUC on every line but one: the Sauternes is entered with GST
 * of 0, as a duty-free sample bottle would be.
 */
type SampleLine = [string, string, string, string, string, number, number, number];

const LINES: SampleLine[] = [
  ['Château Margaux 2015', 'Château Margaux', 'France', 'Bordeaux', 'Margaux', 620, 1095, 6],
  [
    'Penfolds Bin 389 Cabernet Shiraz',
    'Penfolds',
    'Australia',
    'South Australia',
    'Barossa Valley',
    58,
    95,
    42,
  ],
  [
    'Cloudy Bay Sauvignon Blanc',
    'Cloudy Bay',
    'New Zealand',
    'Marlborough',
    'Marlborough',
    24,
    39.99,
    64,
  ],
  [
    'Domaine Leflaive Puligny-Montrachet',
    'Domaine Leflaive',
    'France',
    'Burgundy',
    'Puligny-Montrachet',
    142,
    235,
    9,
  ],
  [
    'Moët & Chandon Brut Impérial NV',
    'Moët & Chandon',
    'France',
    'Champagne',
    'Champagne',
    48,
    79.99,
    0,
  ],
  [
    'Antinori Tignanello 2019',
    'Marchesi Antinori',
    'Italy',
    'Tuscany',
    'Toscana IGT',
    118,
    189,
    14,
  ],
  [
    'Château d’Yquem 2016 (375 ml)',
    'Château d’Yquem',
    'France',
    'Bordeaux',
    'Sauternes',
    210,
    329,
    3,
  ],
  [
    'Vega Sicilia Único 2012',
    'Vega Sicilia',
    'Spain',
    'Castilla y León',
    'Ribera del Duero',
    395,
    640,
    2,
  ],
];

export const SAMPLE_INVENTORY: readonly InventoryItem[] = LINES.map(
  ([product, producer, country, region, appellation, luc, listPrice, stock], index) => {
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
      status: stockStatus(stock),
      margin: round2(marginPercent(listPrice, luc, gst) ?? 0),
      custom: {},
    };
  },
);
