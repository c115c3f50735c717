/**
 * The picture Most Sold Items shows beside a product: a bottle of its kind (red, white,
 * sparkling or spirit), told by the product's type, else by words in its category or name.
 */
const IMAGES = {
  red: '/images/dashboard/red.svg',
  white: '/images/dashboard/white.svg',
  sparkling: '/images/dashboard/sparkling.svg',
  spirit: '/images/dashboard/spirit.svg',
} as const;

const SPARKLING = /sparkling|champagne|prosecco|cava|cr[eé]mant|fizz/i;
const SPIRIT =
  /spirit|whisk(e)?y|gin\b|vodka|rum\b|brandy|cognac|armagnac|tequila|mezcal|liqueur|bourbon|scotch/i;
const WHITE =
  /white|blanc|chardonnay|riesling|pinot gri|semillon|viognier|chablis|gr[uü]ner|sauternes/i;

type Kind = keyof typeof IMAGES;
const BY_TYPE: Readonly<Record<string, Kind>> = {
  Red: 'red',
  Fortified: 'red',
  White: 'white',
  Sweet: 'white',
  Sparkling: 'sparkling',
  Spirit: 'spirit',
};

export function itemImage(drinkType: string | null, category: string | null, name: string) {
  const byType = drinkType ? BY_TYPE[drinkType] : undefined;
  if (byType) return IMAGES[byType];
  const words = `${category ?? ''} ${name}`;
  if (SPARKLING.test(words)) return IMAGES.sparkling;
  if (SPIRIT.test(words)) return IMAGES.spirit;
  if (WHITE.test(words)) return IMAGES.white;
  return IMAGES.red;
}
