import { Check, Circle } from 'lucide-react';
import type { PasswordRuleResult } from '#shared/auth/password-rules.ts';

/** The live checklist of the reset screen: each rule turns green with a check mark when met. */
export function PasswordChecklist({ results }: { results: PasswordRuleResult[] }) {
  return (
    <ul className="password-checklist" aria-label="Password requirements">
      {results.map((rule) => (
        <li
          key={rule.id}
          className={`password-checklist__item${rule.met ? ' password-checklist__item--met' : ''}`}
        >
          {rule.met ? (
            <Check size={16} aria-hidden="true" />
          ) : (
            <Circle size={14} aria-hidden="true" />
          )}
          <span>{rule.label}</span>
          <span className="visually-hidden">{rule.met ? '(met)' : '(not met)'}</span>
        </li>
      ))}
    </ul>
  );
}
