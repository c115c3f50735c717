import type { Supplier } from '#domains/purchasing/supplier.ts';

/** A supplier as the device stores it, with nothing but its name. */
export const CELLAR_DIRECT: Supplier = {
  id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  name: 'Cellar Direct',
  contact: null,
  email: null,
  phone: null,
  account_number: null,
  lead_days: null,
  minimum_order_cents: null,
  notes: null,
  version: 1,
  field_versions: {},
  updated_at: '2026-11-29T09:00:00.000Z',
};
