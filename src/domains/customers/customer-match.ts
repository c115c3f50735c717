import type { Customer } from './customer.ts';

/**
 * How two customers' details are told to be the same person: an email whatever its case and
 * spaces, a phone number whatever its spaces and punctuation, and an Australian number the same
 * in its +61 and 0 forms ('+61 412 345 678', '0061412345678' and '0412 345 678' are one).
 */
export function emailKey(email: string | null | undefined): string | null {
  const key = (email ?? '').replace(/\s+/g, '').toLowerCase();
  return key === '' ? null : key;
}

export function phoneKey(phone: string | null | undefined): string | null {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.startsWith('0061')) digits = `0${digits.slice(4)}`;
  else if ((phone ?? '').trim().startsWith('+61') || /^61[2-478]\d{8}$/.test(digits)) {
    digits = `0${digits.slice(2)}`;
  }
  return digits === '' ? null : digits;
}

export interface CustomerMatch {
  customer: Customer;
  /** What they share. */
  by: 'email' | 'phone';
}

/**
 * The other customers with the same email or phone as these details (each once, by email first):
 * what a new customer, or a changed one, is warned of before it is saved.
 */
export function matchingCustomers(
  customers: readonly Customer[],
  details: { id?: string; email?: string | null; phone?: string | null },
): CustomerMatch[] {
  const email = emailKey(details.email);
  const phone = phoneKey(details.phone);
  if (email === null && phone === null) return [];
  const found: CustomerMatch[] = [];
  for (const customer of customers) {
    if (customer.id === details.id) continue;
    if (email !== null && emailKey(customer.email) === email) found.push({ customer, by: 'email' });
    else if (phone !== null && phoneKey(customer.phone) === phone) {
      found.push({ customer, by: 'phone' });
    }
  }
  return found;
}
