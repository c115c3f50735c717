import { ENTITY_TYPES, FIELD_TYPES } from './field-types.ts';

/** Custom field texts of spec sections 5 and 8, character for character. */
export const CUSTOM_FIELD_MESSAGES = {
  entityTypeRequired: 'Entity type is required',
  entityTypeInvalid: `Invalid entity type. Must be one of: ${ENTITY_TYPES.join(', ')}`,
  fieldKeyRequired: 'Field key is required',
  fieldKeyInvalid: 'Field key must contain only lowercase letters, numbers, and underscores',
  fieldNameRequired: 'Field name is required',
  fieldTypeRequired: 'Field type is required',
  fieldTypeInvalid: `Invalid field type. Must be one of: ${FIELD_TYPES.join(', ')}`,
  lengthRange: 'Minimum length cannot be greater than maximum length',
  invalidPattern: 'Invalid regex pattern',
  valueRange: 'Minimum value cannot be greater than maximum value',
  optionsRequired: 'Select fields must have at least one option',
  nameForKeyRequired: 'Field name is required and must be a string',
  fieldKeyTooLong: 'Field key must be at most 64 characters',
  fieldNameTooLong: 'Field name must be at most 100 characters',
  descriptionTooLong: 'Description must be at most 500 characters',
  optionsTooMany: 'A field has at most 200 options, each at most 100 characters',
  lengthLimit: 'Minimum and maximum length must be whole numbers from 0 to 5,000',
  valueLimit:
    'Minimum and maximum value must be numbers from -1,000,000,000,000 to 1,000,000,000,000',
  /** Above the list of validation messages (spec section 8's wrapper, shown as a list). */
  invalidListTitle: 'Invalid custom field data:',
  saveFailed: 'Failed to save custom field. Please try again.',
  deleteFailed: 'Failed to delete custom field. Please try again.',
  templateFailed: 'Failed to apply template',
  deleteConfirm: 'Are you sure you want to delete this custom field? This action cannot be undone.',
  empty: 'No custom fields created yet.',
  loading: 'Loading custom fields...',
} as const;

/**
 * 'Invalid custom field data: {errors}', the errors in the order they were found. They are
 * joined with '; ' because some of them hold commas of their own.
 */
export function invalidCustomFieldMessage(errors: readonly string[]): string {
  return `Invalid custom field data: ${errors.join('; ')}`;
}

export function reservedFieldKeyMessage(fieldKey: string): string {
  return `Field key "${fieldKey}" is already used by a built-in column`;
}

export function duplicateFieldKeyMessage(fieldKey: string): string {
  return `A custom field with the key "${fieldKey}" already exists`;
}
