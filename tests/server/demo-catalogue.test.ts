import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE_SIZE, generateProducts } from '#server/seed/catalogue.ts';

/** The demo data a real shop would recognise: each value belongs to its product. */
describe('the demo catalogue', () => {
  const products = generateProducts(DEMO_CATALOGUE_SIZE * 3);

  it('describes each product by what is in the bottle: smoke for Islay, tannins only for reds', () => {
    const ofProducer = (name: string) => products.filter((p) => p.producer === name);
    for (const islay of [...ofProducer('Ardbeg'), ...ofProducer('Lagavulin')]) {
      expect(islay.description, islay.name).toContain('Peat smoke');
    }
    for (const product of products) {
      if (/tannins/.test(product.description))
        expect(product.category, product.name).toBe('Red Wine');
      if (/Peat smoke/.test(product.description))
        expect(product.region, product.name).toBe('Islay');
      expect(product.description, product.name).not.toBe('');
    }
    const grange = products.find((p) => p.name.includes('Grange'));
    expect(grange?.description).not.toContain('Peat');
  });

  it('spells each category one way, and gives every product one SKU scheme', () => {
    const categories = new Set(products.map((p) => p.category));
    expect(categories.has('Whiskey')).toBe(false);
    expect(categories.has('Whisky')).toBe(true);
    for (const product of products) expect(product.sku, product.name).toMatch(/^VIN-\d{6}$/);
  });

  it("gives each product the wine's fields its name and kind tell, and none to glassware", () => {
    const named = (name: string) => {
      const found = products.slice(0, DEMO_CATALOGUE_SIZE).find((p) => p.name === name);
      if (!found) throw new Error(`${name} is not in the demo catalogue`);
      return found;
    };
    expect(named('Ardbeg 10 Year Old')).toMatchObject({
      vintage: null,
      drinkType: 'Spirit',
      grapes: null,
      alcohol: '46',
      bottleMl: '700',
    });
    expect(named('Bollinger Special Cuvée NV')).toMatchObject({
      vintage: 'NV',
      drinkType: 'Sparkling',
    });
    expect(named('Allegrini Amarone della Valpolicella Classico 2017')).toMatchObject({
      vintage: '2017',
      drinkType: 'Red',
    });
    // A Pinot Noir of a white-wine house is red; a Blanc of a red-wine house is white.
    expect(named('Cloudy Bay Pinot Noir 2021')).toMatchObject({
      drinkType: 'Red',
      grapes: 'Pinot Noir',
    });
    expect(named('Château Lynch-Bages Blanc de Lynch-Bages 2020').drinkType).toBe('White');
    expect(named('Penfolds Max’s Shiraz Cabernet 2021').grapes).toBe('Shiraz, Cabernet Sauvignon');
    expect(named('Don Julio 1942').vintage).toBeNull();
    const glass = named('Riedel Vinum Bordeaux Glass (Pair)');
    expect([glass.vintage, glass.drinkType, glass.alcohol, glass.bottleMl]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
