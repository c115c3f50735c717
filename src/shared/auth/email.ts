/** The {email} form of spec section 5: something@domain.tld, with no spaces anywhere. */
const EMAIL_FORM = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailForm(value: string): boolean {
  return EMAIL_FORM.test(value);
}
