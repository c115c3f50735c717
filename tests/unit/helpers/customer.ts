import type { Customer } from '#domains/customers/customer.ts';

/** A customer as the server answers one, with these details. */
export function customer(fields: Partial<Customer> & Pick<Customer, 'name'>): Customer {
  return {
    id: crypto.randomUUID(),
    email: null,
    phone: null,
    address: null,
    notes: null,
    tags: [],
    marketing_consent: null,
    birthday: null,
    member_number: null,
    account_limit_cents: null,
    version: 1,
    field_versions: {},
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
    ...fields,
  };
}
