import { describe, expect, it } from 'vitest';
import { emailKey, matchingCustomers, phoneKey } from '#domains/customers/customer-match.ts';
import { customer } from '../../helpers/customer.ts';

describe('telling two customers’ details apart', () => {
  it('reads an email whatever its case and spaces', () => {
    expect(emailKey(' Margaret.Chen@Example.TEST ')).toBe('margaret.chen@example.test');
    expect(emailKey('')).toBeNull();
    expect(emailKey(null)).toBeNull();
  });

  it('reads an Australian number the same in its +61, 0061 and 0 forms', () => {
    const forms = [
      '+61 412 345 678',
      '0061 412 345 678',
      '0412 345 678',
      '(04) 1234-5678',
      '61412345678',
    ];
    expect(new Set(forms.map(phoneKey))).toEqual(new Set(['0412345678']));
    expect(phoneKey('02 9999 1234')).toBe('0299991234');
    expect(phoneKey('+44 20 7946 0958')).toBe('442079460958');
    expect(phoneKey('  ')).toBeNull();
  });

  it('finds the others with the same email or phone, each once, never the customer itself', () => {
    const margaret = customer({ name: 'Margaret Chen', email: 'margaret@example.test' });
    const larder = customer({ name: 'The Larder Bistro', phone: '02 9999 1234' });
    const both = customer({
      name: 'Margaret C',
      email: 'MARGARET@example.test',
      phone: '+61 2 9999 1234',
    });
    const all = [margaret, larder, both];
    const found = matchingCustomers(all, {
      email: 'margaret@EXAMPLE.test ',
      phone: '0299991234',
    });
    expect(found.map(({ customer: match, by }) => [match.name, by])).toEqual([
      ['Margaret Chen', 'email'],
      ['The Larder Bistro', 'phone'],
      ['Margaret C', 'email'],
    ]);
    expect(matchingCustomers(all, { id: margaret.id, email: margaret.email })).toEqual([
      { customer: both, by: 'email' },
    ]);
    expect(matchingCustomers(all, { email: '', phone: null })).toEqual([]);
  });
});
