import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { StoredCustomField } from '#data/db.ts';
import type { CatalogueWrites } from '#data/hooks/use-catalogue-writes.ts';
import type { InventorySettings } from '#domains/preferences/inventory-settings.ts';
import { columnLabel } from '#domains/products/columns.ts';
import {
  PRODUCT_FIELD_TABLE,
  type ProductFieldSpec,
  type ProductFormSection,
} from '#domains/products/fields.ts';
import { formatCurrency, formatPercent } from '#domains/products/format.ts';
import { productFieldsOf } from '#domains/products/item-changes.ts';
import { marginPercent, markup, suggestedListPrice, totalCost } from '#domains/products/pricing.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { nextSku } from '#domains/products/sku.ts';
import { isTaxCategory, suggestedGst, type TaxCategory } from '#domains/products/tax.ts';
import { showToast } from '#ui/toast.tsx';
import { ChoiceOptions, inputKind } from '../field-input.tsx';
import { CustomValueInput, type FormValue } from './custom-value-input.tsx';

type ProductDefaults = InventorySettings['productDefaults'];
type Draft = Record<string, FormValue>;

/** The product form's sections, in order, each with its fields from the field table. */
const SECTIONS: { title: ProductFormSection; fields: readonly ProductFieldSpec[] }[] = (
  ['Product', 'Origin', 'Wine', 'Identification', 'Pricing', 'Buying'] as const
).map((title) => ({
  title,
  fields: PRODUCT_FIELD_TABLE.filter((spec) => spec.section === title),
}));

const labelOf = (spec: ProductFieldSpec) =>
  spec.formLabel ?? columnLabel(spec.column) ?? spec.label;

const TAX_LABELS: Record<TaxCategory, string> = {
  gst10: '10% of LUC (GST 10%)',
  gstFree: 'none (GST free)',
  wet: '10% of LUC (GST on top of WET)',
};

const customLabel = (custom: StoredCustomField) => (
  <>
    {custom.field_name}
    {custom.is_required ? <span aria-hidden="true"> *</span> : null}
  </>
);

const numberOf = (value: FormValue | undefined): number | null => {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

export const ADD_PRODUCT_TEXT = {
  added: (name: string) => `${name} added successfully!`,
  saved: (name: string) => `Changes to ${name} saved.`,
  unchanged: 'Nothing was changed.',
  queued: 'It will be sent to the server when the connection is back.',
  skuGenerated: (defaults: ProductDefaults) =>
    `Made from Product Defaults: ${defaults.skuPrefix} and ${defaults.skuDigits} digits.`,
} as const;

/** A product's values as the form holds them: text, and a multi-select's chosen options. */
function draftOf(item: InventoryItem): Draft {
  const draft: Draft = {};
  for (const [key, value] of Object.entries(productFieldsOf(item))) {
    if (value === null) continue;
    draft[key] = Array.isArray(value)
      ? value
      : typeof value === 'boolean'
        ? value
          ? 'yes'
          : 'no'
        : String(value);
  }
  return draft;
}

const sameFormValue = (a: FormValue | undefined, b: FormValue | undefined) =>
  JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

/**
 * The product form, every field the catalogue offers and the business's custom fields.
 * - Add Inventory: a new product. GST is offered from LUC by the default tax category until the
 *   user types their own; the SKU is made from Product Defaults when they say 'automatic' (or on
 *   'Generate'). 'Save and add another' keeps the form for the next product.
 * - Edit Product (`editing`): the product's values; saving sends the fields changed, based on
 *   the version shown, by the same write as an inline edit, so another device's change of other
 *   fields merges with it.
 * Total Cost, Margin and Markup follow LUC, GST and List Price as they are typed. Saving goes
 * through the outbox, so it works offline, and the grid shows the change at once.
 */
export function ProductForm({
  catalogue,
  customFields,
  defaults,
  online,
  writes,
  barcode,
  editing,
  onDone,
}: {
  catalogue: readonly InventoryItem[];
  customFields: readonly StoredCustomField[];
  defaults: ProductDefaults;
  online: boolean;
  writes: CatalogueWrites;
  /** A barcode to start with (a new code from Scan Product). */
  barcode?: string | undefined;
  /** The product to edit; without it, a new product. */
  editing?: InventoryItem | undefined;
  /** After 'Save Product' and on Cancel: back to the table. */
  onDone: () => void;
}) {
  const formId = useId();
  // SKUs saved from this form, before the catalogue shows them.
  const savedSkus = useRef<string[]>([]);
  const usedSkus = () => [...catalogue.map((item) => item.sku), ...savedSkus.current];
  const freshDraft = (): Draft => ({
    tax_category: defaults.defaultTaxCategory,
    ...(defaults.skuGeneration === 'automatic' ? { sku: nextSku(usedSkus(), defaults) } : {}),
    ...(defaults.defaultSupplier ? { supplier: defaults.defaultSupplier } : {}),
  });
  // What the form started from: the product's values when editing.
  const [initial] = useState<Draft>(() =>
    editing ? draftOf(editing) : { ...freshDraft(), ...(barcode ? { barcode } : {}) },
  );
  const [draft, setDraft] = useState<Draft>(initial);
  // GST follows the LUC and the tax category (domains/products/tax.ts) until someone types one.
  const [gstTyped, setGstTyped] = useState(false);
  // A new product's list price follows its cost (Product Defaults' markup) until one is typed.
  const [priceTyped, setPriceTyped] = useState(Boolean(editing) || !defaults.autoCalculateRetail);
  // A new product's category follows Product Defaults until someone chooses one.
  const [categoryChosen, setCategoryChosen] = useState(Boolean(editing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const anotherRef = useRef(false);

  const idOf = (key: string) => `${formId}-${key}`;
  const errorId = (key: string) => (errors[key] ? `${idOf(key)}-error` : undefined);

  /** The draft with the GST of its category on its LUC, unless its GST was typed. */
  const withSuggestedGst = (next: Draft): Draft => {
    if (gstTyped || next.luc === undefined || !isTaxCategory(next.tax_category)) return next;
    const luc = numberOf(next.luc);
    return { ...next, gst: luc === null ? '' : suggestedGst(luc, next.tax_category).toFixed(2) };
  };

  /** The draft with the list price its cost suggests, unless a price was typed. */
  const withSuggestedPrice = (next: Draft): Draft => {
    const luc = numberOf(next.luc);
    if (priceTyped || luc === null) return next;
    const price = suggestedListPrice(luc, numberOf(next.gst) ?? 0, defaults);
    return { ...next, list_price: price.toFixed(2) };
  };

  function set(key: string, value: FormValue) {
    setDraft((current) => {
      const next = { ...current, [key]: value };
      if (key === 'luc' || key === 'tax_category')
        return withSuggestedPrice(withSuggestedGst(next));
      return key === 'gst' ? withSuggestedPrice(next) : next;
    });
    if (key === 'gst') setGstTyped(true);
    if (key === 'list_price') setPriceTyped(true);
    if (key === 'tax_category') setCategoryChosen(true);
  }

  // The shop's category can arrive after typing began (the business's, read from the server):
  // a new product's untouched category, and the GST suggested from it, follow it.
  const shopCategory = defaults.defaultTaxCategory;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new category re-suggests
  useEffect(() => {
    if (categoryChosen) return;
    setDraft((current) =>
      withSuggestedPrice(withSuggestedGst({ ...current, tax_category: shopCategory })),
    );
  }, [shopCategory]);
  const category = isTaxCategory(draft.tax_category) ? draft.tax_category : null;

  const luc = numberOf(draft.luc);
  const gst = numberOf(draft.gst);
  const listPrice = numberOf(draft.list_price);
  const figures = useMemo(() => {
    const margin = marginPercent(listPrice, luc, gst);
    const costs = luc !== null && gst !== null;
    return [
      ['Total Cost', costs ? formatCurrency(totalCost(luc, gst)) : '—'],
      ['Margin', margin === null ? '—' : formatPercent(margin)],
      ['Markup', costs && listPrice !== null ? formatCurrency(markup(listPrice, luc, gst)) : '—'],
    ] as const;
  }, [luc, gst, listPrice]);

  function focusField(key: string) {
    const element = document.getElementById(idOf(key));
    // A multi-select is a group of boxes: its first one.
    (element?.matches('input, select, textarea')
      ? element
      : element?.querySelector('input')
    )?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const another = anotherRef.current;
    anotherRef.current = false;
    if (editing) {
      await saveEdit(editing);
      return;
    }
    const fields = Object.fromEntries(
      Object.entries(draft).filter(([, value]) =>
        Array.isArray(value) ? value.length > 0 : value.trim() !== '',
      ),
    );
    setSaving(true);
    try {
      const outcome = await writes.create(fields);
      if ('errors' in outcome) {
        setErrors(outcome.errors);
        const first = [
          ...SECTIONS.flatMap((section) => section.fields.map((spec) => spec.key)),
          ...customFields.map((custom) => custom.field_key),
        ].find((key) => outcome.errors[key]);
        if (first) focusField(first);
        return;
      }
      const name = String(fields.name);
      showToast(
        online
          ? ADD_PRODUCT_TEXT.added(name)
          : `${ADD_PRODUCT_TEXT.added(name)} ${ADD_PRODUCT_TEXT.queued}`,
        'success',
      );
      if (typeof fields.sku === 'string') savedSkus.current.push(fields.sku);
      setErrors({});
      setGstTyped(false);
      setPriceTyped(!defaults.autoCalculateRetail);
      setCategoryChosen(false);
      setDraft(freshDraft());
      if (another) focusField('name');
      else onDone();
    } finally {
      setSaving(false);
    }
  }

  async function saveEdit(item: InventoryItem) {
    const changes = Object.fromEntries(
      Object.entries(draft).filter(([key, value]) => !sameFormValue(value, initial[key])),
    );
    if (Object.keys(changes).length === 0) {
      showToast(ADD_PRODUCT_TEXT.unchanged);
      onDone();
      return;
    }
    setSaving(true);
    try {
      const problems = await writes.edit(item, changes);
      if (problems) {
        setErrors(problems);
        const first = Object.keys(problems)[0];
        if (first) focusField(first);
        return;
      }
      const name = typeof draft.name === 'string' ? draft.name.trim() : item.product;
      showToast(
        online
          ? ADD_PRODUCT_TEXT.saved(name)
          : `${ADD_PRODUCT_TEXT.saved(name)} ${ADD_PRODUCT_TEXT.queued}`,
        'success',
      );
      onDone();
    } finally {
      setSaving(false);
    }
  }

  const errorText = (key: string) =>
    errors[key] ? (
      <span id={`${idOf(key)}-error`} className="field__error" role="alert">
        {errors[key]}
      </span>
    ) : null;

  function renderField(spec: ProductFieldSpec) {
    const value = typeof draft[spec.key] === 'string' ? (draft[spec.key] as string) : '';
    const common = {
      id: idOf(spec.key),
      className: 'field__input',
      value,
      'aria-invalid': errors[spec.key] ? true : undefined,
      'aria-describedby':
        [
          errorId(spec.key),
          spec.key === 'gst' || spec.key === 'sku' ? `${idOf(spec.key)}-hint` : '',
        ]
          .filter(Boolean)
          .join(' ') || undefined,
    } as const;
    return (
      <div
        key={spec.key}
        className={`field${spec.kind === 'long-text' ? ' add-product__wide' : spec.key === 'sku' ? ' add-product__double' : ''}`}
      >
        <label className="field__label" htmlFor={idOf(spec.key)}>
          {labelOf(spec)}
          {spec.key === 'name' ? <span aria-hidden="true"> *</span> : null}
        </label>
        {spec.kind === 'long-text' ? (
          <textarea
            {...common}
            className="field__input field__input--area"
            rows={3}
            onChange={(event) => set(spec.key, event.target.value)}
          />
        ) : spec.key === 'sku' ? (
          <div className="add-product__with-action">
            <input {...common} type="text" onChange={(event) => set('sku', event.target.value)} />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => set('sku', nextSku(usedSkus(), defaults))}
            >
              Generate
            </button>
          </div>
        ) : spec.kind === 'choice' ? (
          <select {...common} onChange={(event) => set(spec.key, event.target.value)}>
            <ChoiceOptions spec={spec} />
          </select>
        ) : (
          <input
            {...common}
            {...inputKind(spec)}
            placeholder={spec.placeholder}
            aria-required={spec.key === 'name' ? true : undefined}
            onChange={(event) => set(spec.key, event.target.value)}
          />
        )}
        {spec.key === 'gst' ? (
          <span id={`${idOf('gst')}-hint`} className="field__hint">
            {category
              ? `Suggested from LUC: ${TAX_LABELS[category]}`
              : 'Choose a tax category to have GST suggested from LUC.'}
          </span>
        ) : null}
        {spec.key === 'sku' ? (
          <span id={`${idOf('sku')}-hint`} className="field__hint">
            {defaults.skuGeneration === 'automatic' && !editing
              ? ADD_PRODUCT_TEXT.skuGenerated(defaults)
              : 'Type one, or Generate it from Product Defaults.'}
          </span>
        ) : null}
        {errorText(spec.key)}
      </div>
    );
  }

  return (
    <form
      className="add-product card"
      aria-labelledby={`${formId}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="add-product__header">
        <h2 id={`${formId}-title`} className="add-product__title">
          {editing ? `Edit Product: ${editing.product}` : 'Add Product'}
        </h2>
        <p className="add-product__intro">Fields marked * are required.</p>
      </div>
      {SECTIONS.map((section) => (
        <fieldset key={section.title} className="add-product__section">
          <legend className="add-product__legend">{section.title}</legend>
          <div className="add-product__fields">{section.fields.map(renderField)}</div>
          {section.title === 'Pricing' ? (
            <dl className="add-product__figures" aria-live="polite">
              {figures.map(([term, value]) => (
                <div key={term} className="add-product__figure">
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </fieldset>
      ))}
      {customFields.length > 0 ? (
        <fieldset className="add-product__section">
          <legend className="add-product__legend">Custom Fields</legend>
          <div className="add-product__fields">
            {customFields.map((custom) => (
              <div key={custom.field_key} className="field">
                {custom.field_type === 'multi_select' ? null : (
                  <label className="field__label" htmlFor={idOf(custom.field_key)}>
                    {customLabel(custom)}
                  </label>
                )}
                <CustomValueInput
                  field={custom}
                  label={customLabel(custom)}
                  id={idOf(custom.field_key)}
                  value={draft[custom.field_key]}
                  invalid={Boolean(errors[custom.field_key])}
                  describedBy={errorId(custom.field_key)}
                  onChange={(value) => set(custom.field_key, value)}
                />
                {errorText(custom.field_key)}
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="add-product__actions">
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
        {/* Save Product first: Enter in a field saves with the form's first button. */}
        <button type="submit" className="button button--primary" disabled={saving}>
          {editing ? 'Save Changes' : 'Save Product'}
        </button>
        {editing ? null : (
          <button
            type="submit"
            className="button button--secondary"
            disabled={saving}
            onClick={() => {
              anotherRef.current = true;
            }}
          >
            Save and add another
          </button>
        )}
      </div>
    </form>
  );
}
