/** A product as the catalogue answers carry it: `{id, version, columns: [{key, value}]}`. */
export interface Product {
  id: number;
  version: number;
  columns: { key: string; value: unknown }[];
}

/** The value of one column of a product answer. */
export const value = (product: Product, key: string) =>
  product.columns.find((column) => column.key === key)?.value;
