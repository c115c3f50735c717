/**
 * Custom field types of spec section 3, with the validation options each allows and the label,
 * description and use-case text the manager shows.
 */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'url',
  'phone',
  'number',
  'select',
  'multi_select',
  'date',
  'boolean',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const ENTITY_TYPES = ['product', 'customer', 'business'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export const DEFAULT_ENTITY_TYPE: EntityType = 'product';

export type ValidationOption =
  | 'min_length'
  | 'max_length'
  | 'pattern'
  | 'min_value'
  | 'max_value'
  | 'options';

export interface FieldTypeInfo {
  label: string;
  description: string;
  useCase: string;
  allows: readonly ValidationOption[];
}

export const FIELD_TYPE_INFO: Record<FieldType, FieldTypeInfo> = {
  text: {
    label: 'Text',
    description: 'A single line of text',
    useCase: 'Short values such as a cellar location, a closure type or a bin number',
    allows: ['min_length', 'max_length', 'pattern'],
  },
  textarea: {
    label: 'Text Area',
    description: 'Several lines of text',
    useCase: 'Longer notes such as tasting notes or a producer story',
    allows: ['min_length', 'max_length'],
  },
  email: {
    label: 'Email',
    description: 'An email address',
    useCase: 'A contact such as the winery’s sales representative',
    allows: ['min_length', 'max_length'],
  },
  url: {
    label: 'URL',
    description: 'A web address',
    useCase: 'A link such as the producer’s technical sheet',
    allows: ['min_length', 'max_length'],
  },
  phone: {
    label: 'Phone',
    description: 'A phone number',
    useCase: 'A number such as the distributor’s order line',
    allows: ['min_length', 'max_length'],
  },
  number: {
    label: 'Number',
    description: 'A number, with an optional minimum and maximum',
    useCase: 'Quantities such as a vintage year, an alcohol percentage or a critic score',
    allows: ['min_value', 'max_value'],
  },
  select: {
    label: 'Select',
    description: 'One choice from a list',
    useCase: 'One value from a fixed list such as a wine type or a closure',
    allows: ['options'],
  },
  multi_select: {
    label: 'Multi Select',
    description: 'Several choices from a list',
    useCase: 'Several values from a list such as grape varieties or food pairings',
    allows: ['options'],
  },
  date: {
    label: 'Date',
    description: 'A calendar date',
    useCase: 'A date such as a release date or a best-before date',
    allows: [],
  },
  boolean: {
    label: 'Yes / No',
    description: 'A yes-or-no switch',
    useCase: 'A yes or no such as organic certified or allocation only',
    allows: [],
  },
};

export function allowsOption(type: FieldType, option: ValidationOption): boolean {
  return FIELD_TYPE_INFO[type].allows.includes(option);
}
