import type {
  CustomFieldDefinitionBody,
  FieldValidation,
} from '#domains/custom-fields/definition.ts';
import { deriveFieldKey } from '#domains/custom-fields/definition.ts';
import type { EntityType, FieldType } from '#domains/custom-fields/field-types.ts';

/** The custom field form as typed: text inputs stay text until the definition is built. */
export interface FieldForm {
  field_name: string;
  field_key: string;
  /** The key was typed by hand, so the name no longer derives it. */
  keyEdited: boolean;
  field_type: FieldType | '';
  description: string;
  is_required: boolean;
  min_length: string;
  max_length: string;
  pattern: string;
  min_value: string;
  max_value: string;
  options: string[];
}

export const EMPTY_FORM: FieldForm = {
  field_name: '',
  field_key: '',
  keyEdited: false,
  field_type: '',
  description: '',
  is_required: false,
  min_length: '',
  max_length: '',
  pattern: '',
  min_value: '',
  max_value: '',
  options: [''],
};

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

export function formFrom(definition: Omit<CustomFieldDefinitionBody, 'entity_type'>): FieldForm {
  const rules: FieldValidation = definition.validation;
  return {
    field_name: definition.field_name,
    field_key: definition.field_key,
    keyEdited: true,
    field_type: definition.field_type,
    description: definition.description ?? '',
    is_required: definition.is_required,
    min_length: text(rules.min_length),
    max_length: text(rules.max_length),
    pattern: rules.pattern ?? '',
    min_value: text(rules.min_value),
    max_value: text(rules.max_value),
    options: rules.options && rules.options.length > 0 ? [...rules.options] : [''],
  };
}

/** While creating, the key follows the name (spec section 2) until typed by hand. */
export function withName(form: FieldForm, name: string, creating: boolean): FieldForm {
  if (!creating || form.keyEdited) return { ...form, field_name: name };
  let key = '';
  try {
    key = deriveFieldKey(name);
  } catch {
    // An empty name derives no key yet.
  }
  return { ...form, field_name: name, field_key: key };
}

const numberOrUndefined = (value: string) => {
  if (value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
};

/** The definition to validate and send; the shared schema decides what is right. */
export function definitionFrom(form: FieldForm, entityType: EntityType): unknown {
  return {
    entity_type: entityType,
    field_key: form.field_key,
    field_name: form.field_name,
    field_type: form.field_type,
    is_required: form.is_required,
    description: form.description,
    validation: {
      min_length: numberOrUndefined(form.min_length),
      max_length: numberOrUndefined(form.max_length),
      pattern: form.pattern || undefined,
      min_value: numberOrUndefined(form.min_value),
      max_value: numberOrUndefined(form.max_value),
      options: form.options,
    },
  };
}
