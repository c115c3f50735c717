import { describe, expect, it } from 'vitest';
import {
  CUSTOMERS_PAGE_SIZE,
  customerOfMemberNumber,
  customerPage,
  customersToChoose,
  searchCustomers,
  sortCustomers,
} from '#domains/customers/customer-list.ts';
import { customer } from '../../helpers/customer.ts';

const margaret = customer({
  name: 'Margaret Chen',
  email: 'mchen@example.test',
  phone: '0412 345 678',
  tags: ['Wine club'],
  created_at: '2026-11-03T09:00:00.000Z',
});
const larder = customer({
  name: 'The Larder Bistro',
  email: 'orders@larder.test',
  phone: '02 9999 1234',
  tags: ['Trade'],
  created_at: '2026-11-05T09:00:00.000Z',
  updated_at: '2026-11-06T09:00:00.000Z',
});
const tom = customer({ name: 'tom okafor', created_at: '2026-11-04T09:00:00.000Z' });
const names = (list: readonly { name: string }[]) => list.map((entry) => entry.name);

describe('the customers list', () => {
  const all = [larder, tom, margaret];

  it('finds a customer by every word of a name, an email, a tag, or a phone however it is spaced', () => {
    expect(names(searchCustomers(all, 'chen MARG'))).toEqual(['Margaret Chen']);
    expect(names(searchCustomers(all, 'larder.test'))).toEqual(['The Larder Bistro']);
    expect(names(searchCustomers(all, 'wine club'))).toEqual(['Margaret Chen']);
    expect(names(searchCustomers(all, '0412345'))).toEqual(['Margaret Chen']);
    expect(names(searchCustomers(all, '9999 1234'))).toEqual(['The Larder Bistro']);
    expect(names(searchCustomers(all, '  '))).toEqual(names(all));
    expect(searchCustomers(all, 'nobody')).toEqual([]);
  });

  it('sorts by name whatever the case, by newest, or by the latest change, leaving the list as it was', () => {
    expect(names(sortCustomers(all, 'name'))).toEqual([
      'Margaret Chen',
      'The Larder Bistro',
      'tom okafor',
    ]);
    expect(names(sortCustomers(all, 'newest'))).toEqual([
      'The Larder Bistro',
      'tom okafor',
      'Margaret Chen',
    ]);
    expect(names(sortCustomers(all, 'updated'))[0]).toBe('The Larder Bistro');
    expect(names(all)).toEqual(['The Larder Bistro', 'tom okafor', 'Margaret Chen']);
  });

  it('pages what a query finds, keeping the page within the pages there are', () => {
    const many = sortCustomers(
      Array.from({ length: 120 }, (_, n) =>
        customer({ name: `Regular ${String(n).padStart(3, '0')}` }),
      ),
      'name',
    );
    const second = customerPage(many, { query: 'regular', page: 2 });
    expect(second).toMatchObject({ found: 120, page: 2, pages: 3 });
    expect(second.rows).toHaveLength(CUSTOMERS_PAGE_SIZE);
    expect(second.rows[0]?.name).toBe('Regular 050');
    expect(customerPage(many, { query: '', page: 9 })).toMatchObject({ page: 3 });
    expect(customerPage(many, { query: '', page: 9 }).rows).toHaveLength(20);
    expect(customerPage(many, { query: 'nobody', page: 2 })).toMatchObject({
      found: 0,
      page: 1,
      pages: 1,
      rows: [],
    });
  });
});

describe('customers offered to choose', () => {
  it('finds by the query, leaving out the erased and the one being merged into, the first few', () => {
    const erased = customer({ name: 'Erased customer', erased_at: '2026-11-20T09:00:00.000Z' });
    const margarets = Array.from({ length: 10 }, (_, n) => customer({ name: `Margaret ${n}` }));
    const all = [margaret, larder, erased, ...margarets];
    expect(names(customersToChoose(all, 'erased', 8))).toEqual([]);
    expect(names(customersToChoose(all, 'wine club', 8, margaret.id))).toEqual([]);
    expect(names(customersToChoose(all, 'wine club', 8))).toEqual(['Margaret Chen']);
    expect(customersToChoose(all, 'margaret', 8)).toHaveLength(8);
    expect(customersToChoose(all, '   ', 8)).toEqual([]);
  });
});

describe('a member card scanned at the till', () => {
  it('finds the one customer whose member number it is, in any case, and no one else', () => {
    const member = customer({ name: 'Card Holder', member_number: 'WC-1001' });
    const merged = customer({ name: 'Old Record', member_number: 'WC-2002', merged_into: 'x' });
    const all = [margaret, larder, member, merged];
    expect(customerOfMemberNumber(all, ' wc-1001 ')?.id).toBe(member.id);
    // Part of a number, another's, or a merged record's: nobody.
    expect(customerOfMemberNumber(all, 'WC-100')).toBeNull();
    expect(customerOfMemberNumber(all, 'WC-2002')).toBeNull();
    expect(customerOfMemberNumber(all, '')).toBeNull();
    // The customers list finds them by it too.
    expect(searchCustomers(all, 'wc-1001').map((found) => found.id)).toEqual([member.id]);
  });
});
