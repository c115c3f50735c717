import type { CustomFieldDefinitionBody } from './definition.ts';

/** The Quick Start Templates of spec section 9, offered when a field is created. */
export interface CustomFieldTemplate {
  name: string;
  definition: Omit<CustomFieldDefinitionBody, 'entity_type'>;
}

export const CUSTOM_FIELD_TEMPLATES: readonly CustomFieldTemplate[] = [
  {
    name: 'Vintage Year',
    definition: {
      field_key: 'vintage_year',
      field_name: 'Vintage Year',
      field_type: 'number',
      is_required: false,
      description: 'The year the grapes were harvested',
      validation: { required: false, min_value: 1800, max_value: 2030 },
    },
  },
  {
    name: 'Wine Type',
    definition: {
      field_key: 'wine_type',
      field_name: 'Wine Type',
      field_type: 'select',
      is_required: true,
      description: 'The style of the wine',
      validation: {
        required: true,
        options: ['Red', 'White', 'Rosé', 'Sparkling', 'Dessert', 'Fortified'],
      },
    },
  },
  {
    name: 'Tasting Notes',
    definition: {
      field_key: 'tasting_notes',
      field_name: 'Tasting Notes',
      field_type: 'textarea',
      is_required: false,
      description: 'Aromas, palate and finish',
      validation: { required: false, max_length: 1000 },
    },
  },
  {
    name: 'Organic Certified',
    definition: {
      field_key: 'organic_certified',
      field_name: 'Organic Certified',
      field_type: 'boolean',
      is_required: false,
      description: 'Certified organic by a recognised body',
      validation: { required: false },
    },
  },
  {
    name: 'Wine Regions',
    definition: {
      field_key: 'wine_regions',
      field_name: 'Wine Regions',
      field_type: 'multi_select',
      is_required: false,
      description: 'Regions the wine draws on',
      validation: {
        required: false,
        options: ['Bordeaux', 'Burgundy', 'Champagne', 'Loire Valley', 'Rhône Valley', 'Provence'],
      },
    },
  },
];
