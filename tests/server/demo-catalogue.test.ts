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
});
