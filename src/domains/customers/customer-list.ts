import type { Customer } from './customer.ts';

/**
 * The customers list: found by name, email or phone, sorted, a page at a time. Quick with
 * 20,000 customers on the device: each customer's search text is made once, when first searched,
 * and kept as long as the customer object is (a new copy from the pull makes a new one).
 */
export const CUSTOMERS_PAGE_SIZE = 50;

export const CUSTOMER_SORTS = ['name', 'newest', 'updated'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const CUSTOMER_SORT_LABELS: Readonly<Record<CustomerSort, string>> = {
  name: 'Name (A–Z)',
  newest: 'Newest first',
  updated: 'Recently changed',
};

interface SearchText {
  /** Name and email, lower case. */
  words: string;
  /** The phone's digits. */
  digits: string;
}

const texts = new WeakMap<Customer, SearchText>();

function searchText(customer: Customer): SearchText {
  let found = texts.get(customer);
  if (!found) {
    found = {
      words:
        `${customer.name}\n${customer.email ?? ''}\n${customer.member_number ?? ''}\n${customer.tags.join('\n')}`.toLowerCase(),
      digits: (customer.phone ?? '').replace(/\D/g, ''),
    };
    texts.set(customer, found);
  }
  return found;
}

/**
 * The customers a query finds: every word of it in the name, email, member number or a tag, or (a query of at
 * least three digits, however spaced) in the phone number.
 */
export function searchCustomers(customers: readonly Customer[], query: string): Customer[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...customers];
  const digits = query.replace(/\D/g, '');
  const byPhone = digits.length >= 3 && /^[\d\s()+\-.]+$/.test(query.trim());
  return customers.filter((customer) => {
    const text = searchText(customer);
    if (byPhone && text.digits.includes(digits)) return true;
    return words.every((word) => text.words.includes(word));
  });
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A sorted copy: made once per list and order, then searched (a search keeps the order). */
export function sortCustomers(customers: readonly Customer[], sort: CustomerSort): Customer[] {
  const compare =
    sort === 'name'
      ? (a: Customer, b: Customer) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id)
      : sort === 'newest'
        ? (a: Customer, b: Customer) => b.created_at.localeCompare(a.created_at)
        : (a: Customer, b: Customer) => b.updated_at.localeCompare(a.updated_at);
  return [...customers].sort(compare);
}

export interface CustomerPage {
  rows: Customer[];
  /** How many the query found. */
  found: number;
  /** The page shown, from 1, within the pages there are. */
  page: number;
  pages: number;
}

/** One page of the customers a query finds, in the order of `sorted` (sortCustomers). */
export function customerPage(
  sorted: readonly Customer[],
  { query, page }: { query: string; page: number },
): CustomerPage {
  const found = searchCustomers(sorted, query);
  const pages = Math.max(1, Math.ceil(found.length / CUSTOMERS_PAGE_SIZE));
  const shown = Math.min(Math.max(1, Math.floor(page)), pages);
  return {
    rows: found.slice((shown - 1) * CUSTOMERS_PAGE_SIZE, shown * CUSTOMERS_PAGE_SIZE),
    found: found.length,
    page: shown,
    pages,
  };
}

/**
 * The customers a search offers to choose (for a sale, for a merge): those a query finds, the
 * erased left out (they have no name to find) and `except` (the customer being merged into),
 * the first `limit`. None for an empty query.
 */
export function customersToChoose(
  customers: readonly Customer[],
  query: string,
  limit: number,
  except?: string,
): Customer[] {
  if (!query.trim()) return [];
  const offered = customers.filter((customer) => !customer.erased_at && customer.id !== except);
  return searchCustomers(offered, query).slice(0, limit);
}

/**
 * The customer whose member card was scanned: the whole code is their member number (any case),
 * and they are still listed (not erased, not merged into another). Null for any other code.
 */
export function customerOfMemberNumber(
  customers: readonly Customer[],
  code: string,
): Customer | null {
  const wanted = code.trim().toLowerCase();
  if (!wanted) return null;
  return (
    customers.find(
      (customer) =>
        customer.member_number?.toLowerCase() === wanted &&
        !customer.erased_at &&
        !customer.merged_into,
    ) ?? null
  );
}
