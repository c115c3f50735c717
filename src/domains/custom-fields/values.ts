import type { CustomValue } from '../products/product.ts';
import type { FieldType } from './field-types.ts';
import { matchesPattern } from './pattern.ts';

/**
 * A product's value for a custom field, checked against the field's definition (spec section 3:
 * its type, required, min/max length or value, pattern, options) on the client before a save and
 * on the server again. An empty value is stored as null.
 */
export interface ValueRules {
  field_name: string;
  field_type: FieldType;
  is_required: boolean;
  validation: {
    min_length?: number | null;
    max_length?: number | null;
    pattern?: string | null;
    min_value?: number | null;
    max_value?: number | null;
    options?: readonly string[];
  };
}

/** The longest text value a custom field holds (a textarea's tasting notes fit many times). */
export const MAX_CUSTOM_TEXT = 5_000;
/** The largest number a custom field holds either way: exact in a double, far past any use. */
export const MAX_CUSTOM_NUMBER = 1_000_000_000_000;

export type ValueCheck = { ok: true; value: CustomValue } | { ok: false; message: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s()-]{6,}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

function validDate(text: string) {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function validUrl(text: string) {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function textRules(rules: ValueRules, text: string): string | null {
  const { field_name: name, validation } = rules;
  if (typeof validation.min_length === 'number' && text.length < validation.min_length) {
    return `${name} must be at least ${validation.min_length} characters`;
  }
  if (typeof validation.max_length === 'number' && text.length > validation.max_length) {
    return `${name} must be at most ${validation.max_length} characters`;
  }
  // A pattern saved before patterns were read in linear time, and unreadable so, checks nothing.
  if (validation.pattern && matchesPattern(validation.pattern, text) === false) {
    return `${name} does not match the required format`;
  }
  return null;
}

/** Accepts what a form holds (text) as well as typed JSON values. */
export function checkCustomValue(rules: ValueRules, raw: unknown): ValueCheck {
  const name = rules.field_name;
  if (isEmpty(raw)) {
    return rules.is_required
      ? { ok: false, message: `${name} is required` }
      : { ok: true, value: null };
  }
  const options = rules.validation.options ?? [];
  switch (rules.field_type) {
    case 'number': {
      const number = typeof raw === 'number' ? raw : Number(String(raw).trim());
      if (typeof raw === 'boolean' || !Number.isFinite(number)) {
        return { ok: false, message: `${name} must be a number` };
      }
      if (Math.abs(number) > MAX_CUSTOM_NUMBER) {
        return { ok: false, message: `${name} is too large` };
      }
      const { min_value: min, max_value: max } = rules.validation;
      if (typeof min === 'number' && number < min) {
        return { ok: false, message: `${name} must be at least ${min}` };
      }
      if (typeof max === 'number' && number > max) {
        return { ok: false, message: `${name} must be at most ${max}` };
      }
      return { ok: true, value: number };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      const text = String(raw).trim().toLowerCase();
      if (['true', 'yes'].includes(text)) return { ok: true, value: true };
      if (['false', 'no'].includes(text)) return { ok: true, value: false };
      return { ok: false, message: `${name} must be yes or no` };
    }
    case 'select': {
      const text = String(raw).trim();
      return options.includes(text)
        ? { ok: true, value: text }
        : { ok: false, message: `${name} must be one of: ${options.join(', ')}` };
    }
    case 'multi_select': {
      const chosen = (Array.isArray(raw) ? raw.map(String) : String(raw).split(','))
        .map((item) => item.trim())
        .filter(Boolean);
      const unknown = chosen.filter((item) => !options.includes(item));
      return unknown.length === 0
        ? { ok: true, value: [...new Set(chosen)] }
        : { ok: false, message: `${name} must be chosen from: ${options.join(', ')}` };
    }
    case 'date': {
      const text = String(raw).trim();
      return validDate(text)
        ? { ok: true, value: text }
        : { ok: false, message: `${name} must be a date (YYYY-MM-DD)` };
    }
    default: {
      if (typeof raw !== 'string' && typeof raw !== 'number') {
        return { ok: false, message: `${name} must be text` };
      }
      const text = String(raw).trim();
      if (text.length > MAX_CUSTOM_TEXT) {
        return {
          ok: false,
          message: `${name} must be at most ${MAX_CUSTOM_TEXT.toLocaleString('en-AU')} characters`,
        };
      }
      if (rules.field_type === 'email' && !EMAIL.test(text)) {
        return { ok: false, message: `${name} must be a valid email address` };
      }
      if (rules.field_type === 'url' && !validUrl(text)) {
        return { ok: false, message: `${name} must be a valid web address (http:// or https://)` };
      }
      if (rules.field_type === 'phone' && !PHONE.test(text)) {
        return { ok: false, message: `${name} must be a valid phone number` };
      }
      const problem = textRules(rules, text);
      return problem ? { ok: false, message: problem } : { ok: true, value: text };
    }
  }
}
