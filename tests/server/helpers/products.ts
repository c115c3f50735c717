import type { TestServer } from './test-server.ts';

/** A product as the catalogue answers carry it: `{id, version, columns: [{key, value}]}`. */
export interface Product {
  id: number;
  version: number;
  columns: { key: string; value: unknown }[];
}

/** The value of one column of a product answer. */
export const value = (product: Product, key: string) =>
  product.columns.find((column) => column.key === key)?.value;

/** The catalogue's part of the one pull since a version: `{status, body}` as server.call answers. */
export async function catalogueChanges(server: TestServer, token: string, since: number | string) {
  const response = await server.call('GET', `/api/v1/changes?catalogue=${since}`, { token });
  return {
    status: response.status,
    body:
      response.status === 200 ? (response.body as { catalogue: unknown }).catalogue : response.body,
  };
}
