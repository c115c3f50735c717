import * as v from 'valibot';

/**
 * What a report can be narrowed to (README, "Reports"). The product's own facts (category,
 * producer, supplier, country or region) narrow a report to the lines of those products; the
 * staff member and the tender narrow the Sales Report to whole sales (and refunds) made by that
 * person or paid (refunded) that way. Each is matched exactly, as the catalogue spells it; the
 * country or region matches either.
 */
export const PRODUCT_FILTERS = ['category', 'producer', 'supplier', 'origin'] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];

export const SALE_FILTERS = ['staff', 'tender'] as const;

export const TENDER_KINDS = ['cash', 'card', 'account', 'other'] as const;
export type TenderKind = (typeof TENDER_KINDS)[number];

export const TENDER_KIND_LABELS: Readonly<Record<TenderKind, string>> = {
  cash: 'Cash',
  card: 'Card',
  account: 'Account',
  other: 'Other tenders',
};

export const FILTER_LABELS: Readonly<
  Record<ProductFilter | (typeof SALE_FILTERS)[number], string>
> = {
  category: 'Category',
  producer: 'Producer',
  supplier: 'Supplier',
  origin: 'Country or region',
  staff: 'Staff member',
  tender: 'Tender',
};

export const FILTER_MESSAGES = {
  text: 'A filter is at most 200 characters',
  staff: 'Choose a staff member of the team',
  tender: 'Choose cash, card, account or other tenders',
  tenderGrouping:
    'Grouping by tender shows whole sales: take off the product filters to group by tender',
} as const;

const FilterText = v.optional(
  v.pipe(v.string(FILTER_MESSAGES.text), v.trim(), v.maxLength(200, FILTER_MESSAGES.text)),
);

/** The product filters as a report's query has them (?category=…&origin=…). */
export const ProductFiltersSchema = v.object({
  category: FilterText,
  producer: FilterText,
  supplier: FilterText,
  origin: FilterText,
});
export type ProductFilters = v.InferOutput<typeof ProductFiltersSchema>;

/** Every filter, as the Sales Report's query has them. */
export const ReportFiltersSchema = v.object({
  ...ProductFiltersSchema.entries,
  staff: v.optional(v.pipe(v.string(FILTER_MESSAGES.staff), v.uuid(FILTER_MESSAGES.staff))),
  tender: v.optional(v.picklist(TENDER_KINDS, FILTER_MESSAGES.tender)),
});
export type ReportFilters = v.InferOutput<typeof ReportFiltersSchema>;

/** The filters among a report's other choices (an address's search). */
export const filtersOf = (asked: ReportFilters): ReportFilters => ({
  category: asked.category,
  producer: asked.producer,
  supplier: asked.supplier,
  origin: asked.origin,
  staff: asked.staff,
  tender: asked.tender,
});

/** Whether any product filter is set: the report then counts only those products' lines. */
export const narrowsProducts = (filters: ReportFilters) =>
  PRODUCT_FILTERS.some((name) => Boolean(filters[name]));

/** The filters set, in a fixed order: a cache's key, a query's parameters. */
export function filterEntries(filters: ReportFilters): [keyof ReportFilters, string][] {
  const set: [keyof ReportFilters, string][] = [];
  for (const name of [...PRODUCT_FILTERS, ...SALE_FILTERS]) {
    const value = filters[name];
    if (value) set.push([name, value]);
  }
  return set;
}

/** A filter as a report states it (its export's first row, its printed heading). */
export const StatedFilterSchema = v.object({ label: v.string(), value: v.string() });
export type StatedFilter = v.InferOutput<typeof StatedFilterSchema>;

/** The values each product filter can take: what the catalogue holds, sorted, once each. */
export const FilterChoicesSchema = v.object({
  category: v.array(v.string()),
  producer: v.array(v.string()),
  supplier: v.array(v.string()),
  origin: v.array(v.string()),
});
export type FilterChoices = v.InferOutput<typeof FilterChoicesSchema>;
