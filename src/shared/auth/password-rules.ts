/**
 * The reset-password rules of spec sections 2, 5 and 9. The checklist on screen, the submit
 * button and the server all evaluate the same list.
 */
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordRuleId = 'length' | 'uppercase' | 'digit' | 'match';

export interface PasswordRule {
  id: PasswordRuleId;
  label: string;
  test: (password: string, confirmation: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: 'At least 8 characters',
    test: (password) => password.length >= PASSWORD_MIN_LENGTH,
  },
  { id: 'uppercase', label: 'One uppercase letter', test: (password) => /[A-Z]/.test(password) },
  { id: 'digit', label: 'One number', test: (password) => /[0-9]/.test(password) },
  {
    id: 'match',
    label: 'Passwords match',
    test: (password, confirmation) => confirmation.length > 0 && password === confirmation,
  },
];

export interface PasswordRuleResult {
  id: PasswordRuleId;
  label: string;
  met: boolean;
}

export function checkPasswordRules(password: string, confirmation: string): PasswordRuleResult[] {
  return PASSWORD_RULES.map((rule) => ({
    id: rule.id,
    label: rule.label,
    met: rule.test(password, confirmation),
  }));
}

export function allPasswordRulesMet(password: string, confirmation: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password, confirmation));
}

/** The strength rules alone (no confirmation): what the server and the admin CLI enforce. */
export function isStrongPassword(password: string): boolean {
  return PASSWORD_RULES.filter((rule) => rule.id !== 'match').every((rule) =>
    rule.test(password, password),
  );
}
