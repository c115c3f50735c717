import * as v from 'valibot';
import { missingFieldMessage } from '#shared/validation.ts';
import { OFFERED_COLUMNS } from '../products/columns.ts';
import { SERVER_TO_SCREEN_KEYS } from '../products/product.ts';
import {
  allowsOption,
  DEFAULT_ENTITY_TYPE,
  ENTITY_TYPES,
  FIELD_TYPES,
  type FieldType,
} from './field-types.ts';
import {
  invalidCustomFieldMessage,
  CUSTOM_FIELD_MESSAGES as M,
  reservedFieldKeyMessage,
} from './messages.ts';
import { isValidPattern } from './pattern.ts';
import { MAX_CUSTOM_NUMBER, MAX_CUSTOM_TEXT } from './values.ts';

/**
 * A custom field definition as the client sends it and the server accepts it (spec sections 3
 * and 5). One schema, used on both sides; every problem is reported, not only the first.
 */
const requiredText = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));
/** A field's own checks stop at its first problem: an empty key is missing, not malformed too. */
const firstProblemOnly = <TSchema extends v.GenericSchema>(schema: TSchema) =>
  v.config(schema, { abortPipeEarly: true });
const optionalLength = v.optional(
  v.nullable(
    v.pipe(
      v.number(M.lengthLimit),
      v.integer(M.lengthLimit),
      v.minValue(0, M.lengthLimit),
      v.maxValue(MAX_CUSTOM_TEXT, M.lengthLimit),
    ),
  ),
);
const optionalValue = v.optional(
  v.nullable(
    v.pipe(
      v.number(M.valueLimit),
      v.minValue(-MAX_CUSTOM_NUMBER, M.valueLimit),
      v.maxValue(MAX_CUSTOM_NUMBER, M.valueLimit),
    ),
  ),
);

const ValidationSchema = v.object({
  required: v.optional(v.boolean()),
  min_length: optionalLength,
  max_length: optionalLength,
  pattern: v.optional(v.nullable(v.string(M.invalidPattern))),
  min_value: optionalValue,
  max_value: optionalValue,
  options: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(M.optionsTooMany), v.maxLength(100, M.optionsTooMany))),
      v.maxLength(200, M.optionsTooMany),
    ),
  ),
});

/** Keys the catalogue already uses: a custom field may not take one, or it would hide it. */
const RESERVED_KEYS: ReadonlySet<string> = new Set([
  ...OFFERED_COLUMNS.map((column) => column.key),
  ...Object.keys(SERVER_TO_SCREEN_KEYS),
  'id',
  'custom',
  'rowNumber',
  'options',
  'updatedDate',
]);

export function isReservedFieldKey(key: string): boolean {
  return RESERVED_KEYS.has(key);
}

const isSelect = (type: string) => type === 'select' || type === 'multi_select';
const hasNumber = (value: number | null | undefined): value is number => typeof value === 'number';

export const CustomFieldDefinitionSchema = v.pipe(
  v.object(
    {
      entity_type: firstProblemOnly(
        v.pipe(
          requiredText(M.entityTypeRequired),
          v.check(
            (value) => (ENTITY_TYPES as readonly string[]).includes(value),
            M.entityTypeInvalid,
          ),
        ),
      ),
      field_key: firstProblemOnly(
        v.pipe(
          requiredText(M.fieldKeyRequired),
          v.maxLength(64, M.fieldKeyTooLong),
          v.regex(/^[a-z0-9_]+$/, M.fieldKeyInvalid),
          v.rawCheck(({ dataset, addIssue }) => {
            if (dataset.typed && isReservedFieldKey(dataset.value)) {
              addIssue({ message: reservedFieldKeyMessage(dataset.value) });
            }
          }),
        ),
      ),
      field_name: v.pipe(requiredText(M.fieldNameRequired), v.maxLength(100, M.fieldNameTooLong)),
      field_type: firstProblemOnly(
        v.pipe(
          requiredText(M.fieldTypeRequired),
          v.check(
            (value) => (FIELD_TYPES as readonly string[]).includes(value),
            M.fieldTypeInvalid,
          ),
        ),
      ),
      is_required: v.optional(v.boolean(), false),
      description: v.optional(
        v.nullable(v.pipe(v.string(M.descriptionTooLong), v.maxLength(500, M.descriptionTooLong))),
      ),
      validation: v.optional(ValidationSchema, {}),
    },
    missingFieldMessage(
      {
        entity_type: M.entityTypeRequired,
        field_key: M.fieldKeyRequired,
        field_name: M.fieldNameRequired,
        field_type: M.fieldTypeRequired,
      },
      'Invalid custom field data',
    ),
  ),
  v.partialCheck(
    [
      ['validation', 'min_length'],
      ['validation', 'max_length'],
    ],
    ({ validation }) =>
      !(hasNumber(validation.min_length) && hasNumber(validation.max_length)) ||
      validation.min_length <= validation.max_length,
    M.lengthRange,
  ),
  v.partialCheck(
    [['validation', 'pattern']],
    ({ validation }) => !validation.pattern || isValidPattern(validation.pattern),
    M.invalidPattern,
  ),
  v.partialCheck(
    [
      ['validation', 'min_value'],
      ['validation', 'max_value'],
    ],
    ({ validation }) =>
      !(hasNumber(validation.min_value) && hasNumber(validation.max_value)) ||
      validation.min_value <= validation.max_value,
    M.valueRange,
  ),
  v.partialCheck(
    [['field_type'], ['validation', 'options']],
    ({ field_type, validation }) =>
      !isSelect(field_type) || (validation.options ?? []).some((option) => option.trim() !== ''),
    M.optionsRequired,
  ),
  v.transform((input) => normalizeDefinition(input)),
);

export type CustomFieldInput = v.InferInput<typeof CustomFieldDefinitionSchema>;

const FieldValidationSchema = v.object({
  required: v.optional(v.boolean()),
  min_length: v.optional(v.number()),
  max_length: v.optional(v.number()),
  pattern: v.optional(v.string()),
  min_value: v.optional(v.number()),
  max_value: v.optional(v.number()),
  options: v.optional(v.array(v.string())),
});
export type FieldValidation = v.InferOutput<typeof FieldValidationSchema>;

/** A stored definition, as the server answers it (create, update, and in the list). */
export const CustomFieldDefinitionAnswerSchema = v.object({
  id: v.number(),
  entity_type: v.picklist(ENTITY_TYPES),
  field_key: v.string(),
  field_name: v.string(),
  field_type: v.picklist(FIELD_TYPES),
  is_required: v.boolean(),
  description: v.optional(v.string()),
  validation: FieldValidationSchema,
  created_at: v.string(),
  updated_at: v.string(),
});
export type CustomFieldDefinition = v.InferOutput<typeof CustomFieldDefinitionAnswerSchema>;

/** The answer of GET /custom-fields/definitions/{entity_type}. */
export const CustomFieldListAnswerSchema = v.object({
  definitions: v.array(CustomFieldDefinitionAnswerSchema),
});

/** A definition as the client sends it, once checked: what the server stores. */
export type CustomFieldDefinitionBody = Omit<
  CustomFieldDefinition,
  'id' | 'created_at' | 'updated_at'
>;

/**
 * Keeps what the type allows: blank options dropped, lengths only when above 0, description
 * trimmed (and dropped when empty), `required` mirroring is_required.
 */
function normalizeDefinition(input: {
  entity_type: string;
  field_key: string;
  field_name: string;
  field_type: string;
  is_required: boolean;
  description?: string | null | undefined;
  validation: {
    min_length?: number | null | undefined;
    max_length?: number | null | undefined;
    pattern?: string | null | undefined;
    min_value?: number | null | undefined;
    max_value?: number | null | undefined;
    options?: string[] | undefined;
  };
}): CustomFieldDefinitionBody {
  const type = input.field_type as FieldType;
  const source = input.validation;
  const validation: FieldValidation = { required: input.is_required };
  for (const key of ['min_length', 'max_length'] as const) {
    const value = source[key];
    if (allowsOption(type, key) && hasNumber(value) && value > 0) validation[key] = value;
  }
  for (const key of ['min_value', 'max_value'] as const) {
    const value = source[key];
    if (allowsOption(type, key) && hasNumber(value)) validation[key] = value;
  }
  if (allowsOption(type, 'pattern') && source.pattern) validation.pattern = source.pattern;
  if (allowsOption(type, 'options')) {
    validation.options = (source.options ?? []).map((option) => option.trim()).filter(Boolean);
  }
  const description = input.description?.trim();
  return {
    entity_type: input.entity_type as CustomFieldDefinitionBody['entity_type'],
    field_key: input.field_key,
    field_name: input.field_name,
    field_type: type,
    is_required: input.is_required,
    ...(description ? { description } : {}),
    validation,
  };
}

export type DefinitionCheck =
  | { success: true; output: CustomFieldDefinitionBody }
  | { success: false; errors: string[]; message: string };

/** Every message of a refused definition, and the spec's wrapper around them (section 8). */
export function definitionRefusal(issues: readonly v.BaseIssue<unknown>[]) {
  const errors = [...new Set(issues.map((issue) => issue.message))];
  return { errors, message: invalidCustomFieldMessage(errors) };
}

/** Validates a definition and collects every message (spec section 5). */
export function checkCustomFieldDefinition(input: unknown): DefinitionCheck {
  const result = v.safeParse(CustomFieldDefinitionSchema, input);
  if (result.success) return { success: true, output: result.output };
  return { success: false, ...definitionRefusal(result.issues) };
}

/**
 * field_key from a name: lowercase, every non-alphanumeric character to '_', runs of '_' to
 * one, and no '_' at either end.
 */
export function deriveFieldKey(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '') throw new Error(M.nameForKeyRequired);
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export { DEFAULT_ENTITY_TYPE };
