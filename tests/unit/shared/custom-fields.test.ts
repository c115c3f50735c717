import { describe, expect, it } from 'vitest';
import { checkCustomFieldDefinition, deriveFieldKey } from '#domains/custom-fields/definition.ts';
import { CUSTOM_FIELD_TEMPLATES } from '#domains/custom-fields/templates.ts';
import { checkCustomValue, MAX_CUSTOM_TEXT } from '#domains/custom-fields/values.ts';

const valid = {
  entity_type: 'product',
  field_key: 'vintage_year',
  field_name: 'Vintage Year',
  field_type: 'number',
};

const errorsOf = (input: unknown) => {
  const result = checkCustomFieldDefinition(input);
  return result.success ? [] : result.errors;
};

describe('custom field definition rules (spec section 5)', () => {
  it.each([
    [{ ...valid, entity_type: undefined }, 'Entity type is required'],
    [{ ...valid, entity_type: '' }, 'Entity type is required'],
    [
      { ...valid, entity_type: 'order' },
      'Invalid entity type. Must be one of: product, customer, business',
    ],
    [{ ...valid, field_key: undefined }, 'Field key is required'],
    [
      { ...valid, field_key: 'Vintage-Year' },
      'Field key must contain only lowercase letters, numbers, and underscores',
    ],
    [{ ...valid, field_name: '   ' }, 'Field name is required'],
    [{ ...valid, field_type: undefined }, 'Field type is required'],
    [
      { ...valid, field_type: 'colour' },
      'Invalid field type. Must be one of: text, textarea, email, url, phone, number, select, multi_select, date, boolean',
    ],
    [
      { ...valid, field_type: 'text', validation: { min_length: 10, max_length: 5 } },
      'Minimum length cannot be greater than maximum length',
    ],
    [{ ...valid, field_type: 'text', validation: { pattern: '([a-z' } }, 'Invalid regex pattern'],
    [
      { ...valid, validation: { min_value: 2030, max_value: 1800 } },
      'Minimum value cannot be greater than maximum value',
    ],
    [
      { ...valid, field_type: 'select', validation: { options: [] } },
      'Select fields must have at least one option',
    ],
    [
      { ...valid, field_type: 'multi_select', validation: { options: ['  ', ''] } },
      'Select fields must have at least one option',
    ],
  ])('%j → %s', (input, message) => {
    expect(errorsOf(input)).toEqual([message]);
  });

  it('collects every problem together, wrapped as Invalid custom field data', () => {
    const result = checkCustomFieldDefinition({
      entity_type: 'order',
      field_key: 'Bad Key',
      field_name: '',
      field_type: 'text',
      validation: { min_length: 9, max_length: 3, pattern: '(' },
    });
    expect(result).toEqual({
      success: false,
      errors: [
        'Invalid entity type. Must be one of: product, customer, business',
        'Field key must contain only lowercase letters, numbers, and underscores',
        'Field name is required',
        'Minimum length cannot be greater than maximum length',
        'Invalid regex pattern',
      ],
      message:
        'Invalid custom field data: Invalid entity type. Must be one of: product, customer, business; Field key must contain only lowercase letters, numbers, and underscores; Field name is required; Minimum length cannot be greater than maximum length; Invalid regex pattern',
    });
  });

  it('drops blank options, keeps lengths only above 0, trims the description, keeps only allowed rules', () => {
    const result = checkCustomFieldDefinition({
      ...valid,
      field_type: 'select',
      is_required: true,
      description: '  Red or white?  ',
      validation: { options: [' Red ', '', 'White'], min_length: 0, max_value: 5 },
    });
    expect(result).toEqual({
      success: true,
      output: {
        entity_type: 'product',
        field_key: 'vintage_year',
        field_name: 'Vintage Year',
        field_type: 'select',
        is_required: true,
        description: 'Red or white?',
        validation: { required: true, options: ['Red', 'White'] },
      },
    });
    const text = checkCustomFieldDefinition({
      ...valid,
      field_type: 'text',
      validation: { min_length: 0, max_length: 40 },
    });
    expect(text.success && text.output.validation).toEqual({ required: false, max_length: 40 });
  });

  it('refuses keys the catalogue already uses', () => {
    expect(errorsOf({ ...valid, field_key: 'status' })).toEqual([
      'Field key "status" is already used by a built-in column',
    ]);
  });

  it('accepts every Quick Start Template', () => {
    for (const template of CUSTOM_FIELD_TEMPLATES) {
      expect(errorsOf({ entity_type: 'product', ...template.definition }), template.name).toEqual(
        [],
      );
    }
    expect(
      CUSTOM_FIELD_TEMPLATES.map((template) => [template.name, template.definition.field_type]),
    ).toEqual([
      ['Vintage Year', 'number'],
      ['Wine Type', 'select'],
      ['Tasting Notes', 'textarea'],
      ['Organic Certified', 'boolean'],
      ['Wine Regions', 'multi_select'],
    ]);
  });
});

describe('field_key from the name', () => {
  it.each([
    ['Vintage Year', 'vintage_year'],
    ['  Wine -- Type!! ', 'wine_type'],
    ['Rosé %', 'ros'],
    ['__Bin__Location__', 'bin_location'],
    ['ABV 2024', 'abv_2024'],
  ])('%j → %s', (name, key) => {
    expect(deriveFieldKey(name)).toBe(key);
  });

  it.each([undefined, 42, '', '   '])('refuses %j', (name) => {
    expect(() => deriveFieldKey(name)).toThrow('Field name is required and must be a string');
  });
});

describe('patterns and lengths, bounded', () => {
  const text = (pattern: string) => ({
    field_name: 'Bin',
    field_type: 'text' as const,
    is_required: false,
    validation: { pattern },
  });

  it('answers a pattern that backtracks catastrophically without backtracking', () => {
    const value = `${'a'.repeat(MAX_CUSTOM_TEXT - 1)}!`;
    expect(checkCustomValue(text('^(a+)+$'), value)).toEqual({
      ok: false,
      message: 'Bin does not match the required format',
    });
    expect(checkCustomValue(text('^(a+)+$'), 'aaaa')).toEqual({ ok: true, value: 'aaaa' });
  });

  it('matches anywhere in the value, as a JavaScript pattern test does', () => {
    expect(checkCustomValue(text('[0-9]{3}'), 'Bin 123 left').ok).toBe(true);
    expect(checkCustomValue(text('^[A-Z]{2}-\\d+$'), 'AB-12').ok).toBe(true);
    expect(checkCustomValue(text('^[A-Z]{2}-\\d+$'), 'ab-12').ok).toBe(false);
  });

  it.each([
    ['a look-ahead', '^(?=.*\\d).+$'],
    ['a back-reference', '^(a)\\1$'],
    ['more than 200 characters', `^${'a'.repeat(200)}$`],
  ])('refuses a pattern with %s as invalid', (_case, pattern) => {
    expect(errorsOf({ ...valid, field_type: 'text', validation: { pattern } })).toEqual([
      'Invalid regex pattern',
    ]);
  });

  it('bounds every text of a definition and every value', () => {
    expect(errorsOf({ ...valid, field_key: 'k'.repeat(65) })).toEqual([
      'Field key must be at most 64 characters',
    ]);
    expect(errorsOf({ ...valid, field_name: 'N'.repeat(101) })).toEqual([
      'Field name must be at most 100 characters',
    ]);
    expect(errorsOf({ ...valid, description: 'd'.repeat(501) })).toEqual([
      'Description must be at most 500 characters',
    ]);
    expect(
      errorsOf({ ...valid, field_type: 'select', validation: { options: ['o'.repeat(101)] } }),
    ).toContain('A field has at most 200 options, each at most 100 characters');
    expect(errorsOf({ ...valid, validation: { max_value: 1e308 } })).toEqual([
      'Minimum and maximum value must be numbers from -1,000,000,000,000 to 1,000,000,000,000',
    ]);
    expect(checkCustomValue(text('x'), 'x'.repeat(MAX_CUSTOM_TEXT + 1))).toEqual({
      ok: false,
      message: 'Bin must be at most 5,000 characters',
    });
  });
});
