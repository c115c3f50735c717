import type { TaxCategory } from '#domains/products/tax.ts';

/**
 * The demo catalogue: wines and spirits a merchant would recognise, generated deterministically
 * (the same products, prices and stock at every seed). Producers come with the country, region
 * and appellation they belong to; LUC carries GST at 10 %; list prices give margins from thin to
 * rich; stock runs from none to well stocked; the wine's fields say only what a line's name,
 * producer and kind tell (a grape is named where the name or its appellation says it).
 * Beyond the curated lines, further products are
 * made from the same producers with other vintages, for load and benchmark work.
 */
export interface SeedProduct {
  name: string;
  sku: string;
  producer: string;
  country: string;
  region: string;
  appellation: string;
  category: string;
  supplier: string;
  description: string;
  barcode: string;
  /** Every wine and spirit here is taxed: GST on cost at 10 % of LUC. */
  taxCategory: TaxCategory;
  luc: string;
  gst: string;
  listPrice: string;
  costPrice: string;
  retailPrice: string | null;
  stockQuantity: number;
  lastSaleDate: string | null;
  /** The wine's fields (domains/products/fields.ts), where the line says or its kind implies. */
  vintage?: string | null;
  drinkType?: string | null;
  grapes?: string | null;
  alcohol?: string | null;
  bottleMl?: string | null;
  servingTemp?: string | null;
  foodPairing?: string | null;
  storageLocation?: string | null;
}

type Line = [label: string, luc: number];
interface Producer {
  producer: string;
  country: string;
  region: string;
  appellation: string;
  category: string;
  supplier: string;
  lines: Line[];
}

const P = (
  producer: string,
  country: string,
  region: string,
  appellation: string,
  category: string,
  supplier: string,
  lines: Line[],
): Producer => ({ producer, country, region, appellation, category, supplier, lines });

const PRODUCERS: Producer[] = [
  P('Château Margaux', 'France', 'Bordeaux', 'Margaux', 'Red Wine', 'Bordeaux Direct', [
    ['Château Margaux 2015', 620],
    ['Pavillon Rouge du Château Margaux 2018', 185],
    ['Margaux du Château Margaux 2019', 72],
  ]),
  P('Château Lynch-Bages', 'France', 'Bordeaux', 'Pauillac', 'Red Wine', 'Bordeaux Direct', [
    ['Château Lynch-Bages 2016', 158],
    ['Echo de Lynch-Bages 2018', 54],
    ['Blanc de Lynch-Bages 2020', 68],
  ]),
  P('Château Palmer', 'France', 'Bordeaux', 'Margaux', 'Red Wine', 'Bordeaux Direct', [
    ['Château Palmer 2014', 365],
    ['Alter Ego de Palmer 2017', 118],
  ]),
  P('Château d’Yquem', 'France', 'Bordeaux', 'Sauternes', 'Dessert Wine', 'Bordeaux Direct', [
    ['Château d’Yquem 2016 (375 ml)', 210],
    ['Y d’Yquem 2019', 165],
  ]),
  P(
    'Domaine Leflaive',
    'France',
    'Burgundy',
    'Puligny-Montrachet',
    'White Wine',
    'Côte d’Or Imports',
    [
      ['Puligny-Montrachet 2020', 142],
      ['Bourgogne Blanc 2021', 58],
      ['Puligny-Montrachet 1er Cru Clavoillon 2019', 225],
    ],
  ),
  P('Domaine Joseph Drouhin', 'France', 'Burgundy', 'Beaune', 'Red Wine', 'Côte d’Or Imports', [
    ['Beaune 1er Cru Clos des Mouches Rouge 2018', 96],
    ['Chorey-lès-Beaune 2020', 38],
    ['Chablis Réserve de Vaudon 2021', 34],
  ]),
  P('Louis Jadot', 'France', 'Burgundy', 'Gevrey-Chambertin', 'Red Wine', 'Côte d’Or Imports', [
    ['Gevrey-Chambertin 2019', 78],
    ['Pommard 2018', 82],
    ['Beaujolais-Villages Combe aux Jacques 2022', 16.5],
  ]),
  P('Moët & Chandon', 'France', 'Champagne', 'Champagne', 'Sparkling Wine', 'Maison Wine Co', [
    ['Brut Impérial NV', 48],
    ['Rosé Impérial NV', 58],
    ['Grand Vintage 2015', 84],
  ]),
  P('Bollinger', 'France', 'Champagne', 'Champagne', 'Sparkling Wine', 'Maison Wine Co', [
    ['Special Cuvée NV', 62],
    ['La Grande Année 2014', 155],
    ['Rosé NV', 79],
  ]),
  P('Veuve Clicquot', 'France', 'Champagne', 'Champagne', 'Sparkling Wine', 'Maison Wine Co', [
    ['Yellow Label Brut NV', 52],
    ['La Grande Dame 2015', 198],
  ]),
  P('E. Guigal', 'France', 'Rhône Valley', 'Côte-Rôtie', 'Red Wine', 'Maison Wine Co', [
    ['Côte-Rôtie Brune et Blonde 2018', 88],
    ['Côtes du Rhône Rouge 2020', 15.5],
    ['Condrieu La Doriane 2020', 115],
  ]),
  P(
    'Château de Beaucastel',
    'France',
    'Rhône Valley',
    'Châteauneuf-du-Pape',
    'Red Wine',
    'Maison Wine Co',
    [
      ['Châteauneuf-du-Pape 2019', 92],
      ['Coudoulet de Beaucastel Rouge 2020', 32],
    ],
  ),
  P('Domaine Huet', 'France', 'Loire Valley', 'Vouvray', 'White Wine', 'Côte d’Or Imports', [
    ['Vouvray Le Haut-Lieu Sec 2020', 46],
    ['Vouvray Le Mont Moelleux 2018', 64],
  ]),
  P('Domaine Ott', 'France', 'Provence', 'Côtes de Provence', 'Rosé Wine', 'Maison Wine Co', [
    ['By.Ott Rosé 2022', 24],
    ['Château de Selle Rosé 2021', 49],
  ]),
  P('Marchesi Antinori', 'Italy', 'Tuscany', 'Toscana IGT', 'Red Wine', 'Vino Italia Imports', [
    ['Tignanello 2019', 118],
    ['Solaia 2017', 380],
    ['Pèppoli Chianti Classico 2020', 21],
  ]),
  P(
    'Tenuta San Guido',
    'Italy',
    'Tuscany',
    'Bolgheri Sassicaia',
    'Red Wine',
    'Vino Italia Imports',
    [
      ['Sassicaia 2018', 325],
      ['Guidalberto 2020', 62],
      ['Le Difese 2021', 31],
    ],
  ),
  P(
    'Biondi-Santi',
    'Italy',
    'Tuscany',
    'Brunello di Montalcino',
    'Red Wine',
    'Vino Italia Imports',
    [
      ['Brunello di Montalcino 2016', 175],
      ['Rosso di Montalcino 2019', 68],
    ],
  ),
  P('Gaja', 'Italy', 'Piedmont', 'Barbaresco', 'Red Wine', 'Vino Italia Imports', [
    ['Barbaresco 2018', 268],
    ['Sito Moresco 2020', 72],
  ]),
  P('G.D. Vajra', 'Italy', 'Piedmont', 'Barolo', 'Red Wine', 'Vino Italia Imports', [
    ['Barolo Albe 2018', 54],
    ['Langhe Nebbiolo 2021', 28],
    ['Moscato d’Asti 2022', 19],
  ]),
  P(
    'Allegrini',
    'Italy',
    'Veneto',
    'Amarone della Valpolicella',
    'Red Wine',
    'Vino Italia Imports',
    [
      ['Amarone della Valpolicella Classico 2017', 82],
      ['Palazzo della Torre 2019', 26],
    ],
  ),
  P(
    'Vega Sicilia',
    'Spain',
    'Castilla y León',
    'Ribera del Duero',
    'Red Wine',
    'Iberia Fine Wines',
    [
      ['Único 2012', 395],
      ['Valbuena 5º 2017', 165],
      ['Alión 2018', 88],
    ],
  ),
  P('La Rioja Alta', 'Spain', 'La Rioja', 'Rioja', 'Red Wine', 'Iberia Fine Wines', [
    ['Gran Reserva 904 2015', 74],
    ['Viña Ardanza Reserva 2016', 42],
    ['Viña Alberdi Reserva 2018', 24],
  ]),
  P('Bodegas Torres', 'Spain', 'Catalonia', 'Penedès', 'Red Wine', 'Iberia Fine Wines', [
    ['Mas La Plana Cabernet Sauvignon 2017', 56],
    ['Sangre de Toro 2021', 12.5],
  ]),
  P('Quinta do Noval', 'Portugal', 'Douro', 'Porto', 'Fortified Wine', 'Iberia Fine Wines', [
    ['10 Year Old Tawny Port', 36],
    ['Vintage Port 2017', 98],
    ['LBV Unfiltered 2016', 29],
  ]),
  P('Taylor’s', 'Portugal', 'Douro', 'Porto', 'Fortified Wine', 'Iberia Fine Wines', [
    ['20 Year Old Tawny Port', 72],
    ['Late Bottled Vintage 2017', 24],
  ]),
  P('Dr. Loosen', 'Germany', 'Mosel', 'Mosel', 'White Wine', 'Rhein & Mosel Traders', [
    ['Wehlener Sonnenuhr Riesling Kabinett 2021', 32],
    ['Dr. L Riesling 2022', 15],
    ['Erdener Prälat Riesling Auslese 2019', 66],
  ]),
  P('Penfolds', 'Australia', 'South Australia', 'Barossa Valley', 'Red Wine', 'Treasury Trade', [
    ['Grange 2018', 640],
    ['Bin 389 Cabernet Shiraz 2020', 58],
    ['Bin 28 Kalimna Shiraz 2020', 32],
    ['Max’s Shiraz Cabernet 2021', 16],
  ]),
  P('Henschke', 'Australia', 'South Australia', 'Eden Valley', 'Red Wine', 'Treasury Trade', [
    ['Hill of Grace 2017', 780],
    ['Keyneton Euphonium 2019', 56],
    ['Julius Eden Valley Riesling 2022', 33],
  ]),
  P('Torbreck', 'Australia', 'South Australia', 'Barossa Valley', 'Red Wine', 'Treasury Trade', [
    ['RunRig 2018', 205],
    ['The Struie Shiraz 2020', 48],
    ['Woodcutter’s Shiraz 2021', 21],
  ]),
  P(
    'Leeuwin Estate',
    'Australia',
    'Western Australia',
    'Margaret River',
    'White Wine',
    'Westside Wine Co',
    [
      ['Art Series Chardonnay 2020', 92],
      ['Prelude Vineyards Chardonnay 2021', 34],
      ['Siblings Sauvignon Blanc Semillon 2022', 17],
    ],
  ),
  P('Cullen', 'Australia', 'Western Australia', 'Margaret River', 'Red Wine', 'Westside Wine Co', [
    ['Diana Madeline Cabernet Sauvignon 2019', 118],
    ['Mangan Vineyard Merlot Malbec 2021', 42],
  ]),
  P('Yarra Yering', 'Australia', 'Victoria', 'Yarra Valley', 'Red Wine', 'Westside Wine Co', [
    ['Dry Red No. 1 2020', 98],
    ['Agincourt Cabernet Malbec 2021', 86],
  ]),
  P('Grosset', 'Australia', 'South Australia', 'Clare Valley', 'White Wine', 'Treasury Trade', [
    ['Polish Hill Riesling 2023', 44],
    ['Springvale Riesling 2023', 36],
  ]),
  P('Tyrrell’s', 'Australia', 'New South Wales', 'Hunter Valley', 'White Wine', 'Treasury Trade', [
    ['Vat 1 Hunter Semillon 2017', 52],
    ['Hunter Valley Semillon 2022', 15],
  ]),
  P(
    'Cloudy Bay',
    'New Zealand',
    'Marlborough',
    'Marlborough',
    'White Wine',
    'Tasman Wine Imports',
    [
      ['Sauvignon Blanc 2023', 24],
      ['Te Koko 2020', 52],
      ['Pinot Noir 2021', 38],
    ],
  ),
  P(
    'Felton Road',
    'New Zealand',
    'Central Otago',
    'Bannockburn',
    'Red Wine',
    'Tasman Wine Imports',
    [
      ['Bannockburn Pinot Noir 2021', 58],
      ['Block 5 Pinot Noir 2021', 84],
    ],
  ),
  P(
    'Ridge Vineyards',
    'United States',
    'California',
    'Santa Cruz Mountains',
    'Red Wine',
    'Pacific Cellars',
    [
      ['Monte Bello 2018', 265],
      ['Lytton Springs 2020', 48],
    ],
  ),
  P('Opus One', 'United States', 'California', 'Napa Valley', 'Red Wine', 'Pacific Cellars', [
    ['Opus One 2019', 420],
    ['Overture NV', 175],
  ]),
  P('Catena Zapata', 'Argentina', 'Mendoza', 'Uco Valley', 'Red Wine', 'Pacific Cellars', [
    ['Catena Alta Malbec 2019', 52],
    ['Catena Malbec 2021', 19],
  ]),
  P('Kanonkop', 'South Africa', 'Western Cape', 'Stellenbosch', 'Red Wine', 'Pacific Cellars', [
    ['Paul Sauer 2018', 72],
    ['Kadette Pinotage 2021', 15],
  ]),
  P('The Macallan', 'Scotland', 'Speyside', 'Speyside', 'Whisky', 'Highland Spirits Co', [
    ['12 Year Old Double Cask', 82],
    ['18 Year Old Sherry Oak', 395],
    ['Rare Cask', 285],
  ]),
  P('Glenfiddich', 'Scotland', 'Speyside', 'Speyside', 'Whisky', 'Highland Spirits Co', [
    ['12 Year Old', 48],
    ['15 Year Old Solera', 68],
    ['18 Year Old', 112],
  ]),
  P('Lagavulin', 'Scotland', 'Islay', 'Islay', 'Whisky', 'Highland Spirits Co', [
    ['16 Year Old', 92],
    ['8 Year Old', 58],
  ]),
  P('Ardbeg', 'Scotland', 'Islay', 'Islay', 'Whisky', 'Highland Spirits Co', [
    ['10 Year Old', 62],
    ['Uigeadail', 88],
    ['Corryvreckan', 94],
  ]),
  P('Suntory', 'Japan', 'Osaka', 'Yamazaki', 'Whisky', 'Highland Spirits Co', [
    ['Yamazaki 12 Year Old', 185],
    ['Hibiki Japanese Harmony', 98],
    ['Toki Blended Whisky', 42],
  ]),
  P('Buffalo Trace', 'United States', 'Kentucky', 'Frankfort', 'Whisky', 'Pacific Cellars', [
    ['Kentucky Straight Bourbon', 38],
    ['Eagle Rare 10 Year Old', 62],
  ]),
  P('Hennessy', 'France', 'Cognac', 'Cognac', 'Cognac', 'Maison Wine Co', [
    ['V.S', 46],
    ['X.O', 215],
    ['V.S.O.P Privilège', 78],
  ]),
  P('Rémy Martin', 'France', 'Cognac', 'Fine Champagne Cognac', 'Cognac', 'Maison Wine Co', [
    ['1738 Accord Royal', 72],
    ['XO', 225],
  ]),
  P('Four Pillars', 'Australia', 'Victoria', 'Yarra Valley', 'Gin', 'Westside Wine Co', [
    ['Rare Dry Gin', 42],
    ['Bloody Shiraz Gin', 46],
    ['Olive Leaf Gin', 44],
  ]),
  P('Hendrick’s', 'Scotland', 'Ayrshire', 'Girvan', 'Gin', 'Highland Spirits Co', [
    ['Gin', 44],
    ['Orbium', 56],
  ]),
  P('Diplomático', 'Venezuela', 'Lara', 'La Miel', 'Rum', 'Pacific Cellars', [
    ['Reserva Exclusiva', 48],
    ['Mantuano', 36],
  ]),
  P('Appleton Estate', 'Jamaica', 'St Elizabeth', 'Nassau Valley', 'Rum', 'Pacific Cellars', [
    ['Signature', 28],
    ['12 Year Old Rare Casks', 58],
  ]),
  P('Patrón', 'Mexico', 'Jalisco', 'Los Altos', 'Tequila', 'Pacific Cellars', [
    ['Silver', 58],
    ['Reposado', 64],
    ['Añejo', 72],
  ]),
  P('Don Julio', 'Mexico', 'Jalisco', 'Los Altos', 'Tequila', 'Pacific Cellars', [
    ['Blanco', 54],
    ['1942', 185],
  ]),
  P('Louis Roederer', 'France', 'Champagne', 'Champagne', 'Sparkling Wine', 'Maison Wine Co', [
    ['Collection 244 NV', 58],
    ['Cristal 2014', 310],
  ]),
  P('Pol Roger', 'France', 'Champagne', 'Champagne', 'Sparkling Wine', 'Maison Wine Co', [
    ['Brut Réserve NV', 56],
    ['Sir Winston Churchill 2013', 235],
  ]),
  P('Krug', 'France', 'Champagne', 'Champagne', 'Sparkling Wine', 'Maison Wine Co', [
    ['Grande Cuvée 171ème Édition', 245],
  ]),
  P(
    'Domaine Faiveley',
    'France',
    'Burgundy',
    'Nuits-Saint-Georges',
    'Red Wine',
    'Côte d’Or Imports',
    [
      ['Nuits-Saint-Georges 2019', 72],
      ['Mercurey La Framboisière 2020', 34],
    ],
  ),
  P('Trimbach', 'France', 'Alsace', 'Alsace', 'White Wine', 'Rhein & Mosel Traders', [
    ['Riesling Cuvée Frédéric Émile 2015', 88],
    ['Pinot Gris Réserve 2019', 32],
  ]),
  P('Hugel', 'France', 'Alsace', 'Alsace', 'White Wine', 'Rhein & Mosel Traders', [
    ['Riesling Classic 2021', 24],
    ['Gewurztraminer Grossi Laüe 2015', 62],
  ]),
  P(
    'Shaw + Smith',
    'Australia',
    'South Australia',
    'Adelaide Hills',
    'White Wine',
    'Treasury Trade',
    [
      ['Sauvignon Blanc 2023', 22],
      ['M3 Chardonnay 2022', 44],
    ],
  ),
  P(
    'Vasse Felix',
    'Australia',
    'Western Australia',
    'Margaret River',
    'White Wine',
    'Westside Wine Co',
    [
      ['Filius Chardonnay 2022', 22],
      ['Heytesbury Chardonnay 2021', 68],
    ],
  ),
  P(
    'Clonakilla',
    'Australia',
    'New South Wales',
    'Canberra District',
    'Red Wine',
    'Treasury Trade',
    [
      ['Shiraz Viognier 2021', 92],
      ['O’Riada Shiraz 2022', 36],
    ],
  ),
  P(
    'Highland Park',
    'Scotland',
    'Orkney',
    'Highlands and Islands',
    'Whisky',
    'Highland Spirits Co',
    [
      ['12 Year Old Viking Honour', 56],
      ['18 Year Old Viking Pride', 165],
    ],
  ),
  P('Laphroaig', 'Scotland', 'Islay', 'Islay', 'Whisky', 'Highland Spirits Co', [
    ['10 Year Old', 58],
    ['Quarter Cask', 66],
  ]),
  P('Archie Rose', 'Australia', 'New South Wales', 'Sydney', 'Gin', 'Westside Wine Co', [
    ['Signature Dry Gin', 46],
    ['Distiller’s Strength Gin', 52],
  ]),
  // What a wine shop sells besides drink: no vintage, no grapes, no strength.
  P('Riedel', 'Austria', 'Tyrol', '', 'Glassware', 'Riedel Australia', [
    ['Vinum Bordeaux Glass (Pair)', 38],
    ['Decanter Ultra', 95],
  ]),
];

/**
 * Tasting notes by category, so that each product's description fits what is in the bottle (a
 * Scotch is never 'dark fruit and firm tannins'); peated whiskies of Islay have their own.
 */
const NOTES: Readonly<Record<string, readonly string[]>> = {
  'Red Wine': [
    'Dark fruit, cedar and graphite over fine, firm tannins.',
    'Red cherry, spice and a silky, savoury palate.',
    'Plush blackberry, mocha and a generous, round palate.',
  ],
  'White Wine': [
    'Bright citrus and white flowers with a long mineral finish.',
    'Honeyed stone fruit and a lively line of acidity.',
  ],
  'Rosé Wine': ['Strawberry, watermelon and a dry, refreshing finish.'],
  'Sparkling Wine': [
    'Toasted brioche, green apple and a fine persistent bead.',
    'Lemon curd, almond and a creamy, persistent mousse.',
  ],
  'Dessert Wine': ['Apricot, marmalade and honey, rich yet fresh.'],
  'Fortified Wine': ['Dried fruit, walnut and caramel; rich yet balanced.'],
  Whisky: [
    'Vanilla, dried orange peel and warming oak spice.',
    'Honey, malted barley and a gentle sherry-cask sweetness.',
  ],
  'Islay Whisky': ['Peat smoke, sea spray and a long smoky finish.'],
  Gin: ['Juniper-led with fresh botanicals and a crisp finish.'],
  Rum: ['Molasses, toffee and baking spice with a warm finish.'],
  Cognac: ['Candied fruit, vanilla and old oak, smooth and long.'],
  Tequila: ['Cooked agave, citrus and white pepper, clean and bright.'],
  Glassware: ['Machine-made crystal, dishwasher safe.'],
};

/** The notes of a producer's products: by category, Islay's smoke apart. */
function notesOf(producer: Producer): readonly string[] {
  const key =
    producer.category === 'Whisky' && producer.region === 'Islay'
      ? 'Islay Whisky'
      : producer.category;
  return NOTES[key] ?? [''];
}

const VINTAGE = /\b(19|20)\d{2}\b/;

/** What a bottle of each type is like in the shop: strength, serving, pairing, where it sits. */
const STYLES: Readonly<
  Record<string, { alcohol: string; serving: string; pairing: string | null; place: string }>
> = {
  Red: { alcohol: '14', serving: '16–18 °C', pairing: 'Roast lamb, aged cheese', place: 'Aisle 1' },
  White: {
    alcohol: '12.5',
    serving: '8–10 °C',
    pairing: 'Seafood, roast chicken',
    place: 'Aisle 2',
  },
  Rosé: { alcohol: '12.5', serving: '8–10 °C', pairing: 'Salads, grilled fish', place: 'Aisle 2' },
  Sparkling: { alcohol: '12', serving: '6–8 °C', pairing: 'Oysters, canapés', place: 'Fridge 1' },
  Sweet: {
    alcohol: '12',
    serving: '8–10 °C',
    pairing: 'Blue cheese, fruit tarts',
    place: 'Aisle 3',
  },
  Fortified: {
    alcohol: '20',
    serving: '14–16 °C',
    pairing: 'Stilton, dark chocolate',
    place: 'Aisle 3',
  },
  Spirit: { alcohol: '40', serving: 'Room temperature', pairing: null, place: 'Spirits wall' },
};

const TYPE_OF_CATEGORY: Readonly<Record<string, string>> = {
  'Red Wine': 'Red',
  'White Wine': 'White',
  'Rosé Wine': 'Rosé',
  'Sparkling Wine': 'Sparkling',
  'Dessert Wine': 'Sweet',
  'Fortified Wine': 'Fortified',
};

/** Words of a still wine's name that make it white, sweet or rosé whatever its producer makes. */
const WHITE_WORDS =
  /Blanc|Montrachet|Chablis|Condrieu|Riesling|Chardonnay|Semillon|Pinot Gris|Gewurztraminer|Vouvray|Y d’Yquem|Te Koko/;
const SWEET_WORDS = /Moelleux|Auslese|Moscato|Yquem 20/;
const RED_WORDS = /Pinot Noir|Shiraz|Cabernet|Merlot|Malbec|Rouge/;

/** Grapes a name says, by the variety or by an appellation that allows one. */
const GRAPES: readonly [RegExp, string][] = [
  [/Cabernet Sauvignon|Cabernet/, 'Cabernet Sauvignon'],
  [/Shiraz/, 'Shiraz'],
  [/Merlot/, 'Merlot'],
  [/Malbec/, 'Malbec'],
  [/Pinotage/, 'Pinotage'],
  [/Pinot Noir|Gevrey|Pommard|Nuits-Saint-Georges|Beaune|Mercurey/, 'Pinot Noir'],
  [/Pinot Gris/, 'Pinot Gris'],
  [/Riesling/, 'Riesling'],
  [/Chardonnay|Chablis|Montrachet|Bourgogne Blanc/, 'Chardonnay'],
  [/Sauvignon Blanc|Te Koko/, 'Sauvignon Blanc'],
  [/Semillon/, 'Semillon'],
  [/Viognier|Condrieu/, 'Viognier'],
  [/Gewurztraminer/, 'Gewurztraminer'],
  [/Nebbiolo|Barolo|Barbaresco/, 'Nebbiolo'],
  [/Chianti|Montalcino/, 'Sangiovese'],
  [/Vouvray/, 'Chenin Blanc'],
  [/Beaujolais/, 'Gamay'],
  [/Moscato/, 'Moscato'],
];

const SPIRITS: ReadonlySet<string> = new Set(['Whisky', 'Cognac', 'Gin', 'Rum', 'Tequila']);

/** The wine's fields of a curated line: only what its name, producer and kind tell. */
function wineOf(producer: Producer, name: string) {
  const category = TYPE_OF_CATEGORY[producer.category];
  // Glasses and decanters have none of them.
  if (!category && !SPIRITS.has(producer.category)) return {};
  const still = category === 'Red' || category === 'White';
  const type = !category
    ? 'Spirit'
    : still && /Rosé/.test(name)
      ? 'Rosé'
      : still && SWEET_WORDS.test(name)
        ? 'Sweet'
        : still && RED_WORDS.test(name)
          ? 'Red'
          : still && WHITE_WORDS.test(name)
            ? 'White'
            : category;
  const style = STYLES[type] ?? STYLES.Spirit;
  // In the order the name gives them; a spirit's name may borrow a grape (Bloody Shiraz Gin).
  const grapes =
    type === 'Spirit'
      ? []
      : GRAPES.map(([pattern, grape]) => [name.search(pattern), grape] as const)
          .filter(([at]) => at >= 0)
          .sort(([a], [b]) => a - b)
          .map(([, grape]) => grape);
  // A spirit's name may carry a year that is no vintage (Don Julio 1942).
  const year = type === 'Spirit' ? undefined : VINTAGE.exec(name)?.[0];
  const alcohol =
    type !== 'Spirit'
      ? style?.alcohol
      : producer.region === 'Islay'
        ? '46'
        : producer.category === 'Gin'
          ? '42'
          : style?.alcohol;
  return {
    vintage: year ?? (/\bNV\b/.test(name) && type !== 'Spirit' ? 'NV' : null),
    drinkType: type,
    grapes: grapes.length > 0 ? [...new Set(grapes)].join(', ') : null,
    alcohol: alcohol ?? null,
    bottleMl: /375 ml/.test(name) ? '375' : type === 'Spirit' ? '700' : '750',
    servingTemp: style?.serving ?? null,
    foodPairing: style?.pairing ?? null,
    storageLocation: style?.place ?? null,
  };
}

/** A small deterministic generator (mulberry32), so every seed gives the same catalogue. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const money = (value: number) => (Math.round(value * 100) / 100).toFixed(2);

/** An EAN-13 with a valid check digit, from a 12-digit body. */
function ean13(body: string): string {
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const CURATED = PRODUCERS.flatMap((producer) =>
  producer.lines.map(([label, luc]) => ({ producer, label, luc })),
);

/** The number of curated lines: the demo catalogue, seeded on first start. */
export const DEMO_CATALOGUE_SIZE = CURATED.length;

/**
 * Products number `start` to `start + count - 1` of the endless catalogue: the curated lines
 * first, then the same producers' lines in other vintages.
 */
export function generateProducts(count: number, start = 0): SeedProduct[] {
  const products: SeedProduct[] = [];
  for (let n = start; n < start + count; n += 1) {
    const base = CURATED[n % CURATED.length];
    if (!base) break;
    const next = random(n + 1);
    const round = Math.floor(n / CURATED.length);
    const { producer } = base;
    const vintage = 2010 + ((n * 7 + round * 3) % 14);
    const label =
      round === 0
        ? base.label
        : VINTAGE.test(base.label)
          ? base.label.replace(VINTAGE, String(vintage))
          : `${base.label} (Batch ${round + 1})`;
    const luc = base.luc * (round === 0 ? 1 : 0.85 + next() * 0.3);
    const gst = luc * 0.1;
    // From about 6 % to 55 % margin on the landed cost with GST.
    const factor = 1.06 + next() * 1.16;
    const listPrice = Math.max(1, Math.round((luc + gst) * factor) - 0.01);
    const roll = next();
    const stockQuantity =
      roll < 0.08 ? 0 : roll < 0.24 ? 1 + Math.floor(next() * 10) : 11 + Math.floor(next() * 134);
    const code = String(100000 + n).slice(-6);
    const name = label.includes(producer.producer) ? label : `${producer.producer} ${label}`;
    products.push({
      name,
      sku: `VIN-${code}`,
      producer: producer.producer,
      country: producer.country,
      region: producer.region,
      appellation: producer.appellation,
      category: producer.category,
      supplier: producer.supplier,
      description: notesOf(producer)[n % notesOf(producer).length] ?? '',
      barcode: ean13(`93${String(1000000000 + n).slice(-10)}`),
      taxCategory: 'gst10',
      luc: money(luc),
      gst: money(gst),
      listPrice: money(listPrice),
      costPrice: money(luc + gst),
      retailPrice: next() < 0.7 ? money(listPrice * 1.05) : null,
      stockQuantity,
      lastSaleDate:
        stockQuantity === 0 && next() < 0.5
          ? null
          : new Date(Date.UTC(2026, 10, 20) - Math.floor(next() * 120) * 86_400_000)
              .toISOString()
              .slice(0, 10),
      // The further products, for load and benchmarks, carry the core fields only: their
      // figures stay comparable from one run to the next.
      ...(round === 0 ? wineOf(producer, name) : {}),
    });
  }
  return products;
}
