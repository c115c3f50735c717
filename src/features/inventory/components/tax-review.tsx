import { Info } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { CatalogueWrites } from '#data/hooks/use-catalogue-writes.ts';
import { itemName } from '#domains/products/display-name.ts';
import { formatCurrency } from '#domains/products/format.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import {
  isTaxCategory,
  TAX_CATEGORIES,
  TAX_CATEGORY_LABELS,
  type TaxCategory,
} from '#domains/products/tax.ts';
import { countText, plural } from '#shared/words.ts';
import { Field } from '#ui/field.tsx';
import { Modal } from '#ui/modal.tsx';
import { showToast } from '#ui/toast.tsx';

export const TAX_REVIEW_TEXT = {
  note: (n: number) =>
    `${plural(n, 'product')} ${n === 1 ? 'has' : 'have'} no tax category: ${n === 1 ? 'its' : 'their'} GST on cost is $0.00, so the till takes no GST on ${n === 1 ? 'it' : 'them'}.`,
  open: 'Review tax categories',
  title: 'Confirm tax categories',
  intro:
    'These were stored before products had a tax category, with no GST on their cost. Choose each one’s category: its GST on cost then follows from its LUC, and the till takes GST by it.',
  setAll: 'Set every one to',
  choose: 'Choose...',
  more: (n: number) => `and ${plural(n, 'more')}, set by 'Set every one to'`,
  save: (n: number) => `Save ${plural(n, 'category', 'categories')}`,
  saved: (n: number) => `Tax categories saved for ${plural(n, 'product')}`,
} as const;

/** At most this many rows are listed to choose one by one; 'Set every one to' covers all. */
const LISTED = 200;

/**
 * Products stored before tax categories existed with GST 0 on their cost: listed for the owner
 * to confirm, never changed silently. A category chosen goes through the catalogue's writes
 * (the outbox), so the GST on cost follows from the LUC as for any other edit.
 */
export function TaxReview({
  items,
  writes,
}: {
  items: readonly InventoryItem[];
  writes: CatalogueWrites;
}) {
  const unconfirmed = useMemo(
    () => items.filter((item) => item.id > 0 && !isTaxCategory(item.tax_category)),
    [items],
  );
  const [open, setOpen] = useState(false);
  if (unconfirmed.length === 0) return null;
  return (
    <>
      <p className="inventory-note" role="status">
        <Info size={16} aria-hidden="true" />
        {TAX_REVIEW_TEXT.note(unconfirmed.length)}
        <button type="button" className="button button--link" onClick={() => setOpen(true)}>
          {TAX_REVIEW_TEXT.open}
        </button>
      </p>
      {open ? (
        <TaxReviewDialog items={unconfirmed} writes={writes} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function TaxReviewDialog({
  items,
  writes,
  onClose,
}: {
  items: readonly InventoryItem[];
  writes: CatalogueWrites;
  onClose: () => void;
}) {
  const id = useId();
  const [all, setAll] = useState<TaxCategory | ''>('');
  const [chosen, setChosen] = useState<Record<number, TaxCategory>>({});
  const [saving, setSaving] = useState(false);
  const categoryOf = (item: InventoryItem) => chosen[item.id] ?? (all || undefined);
  const count = items.filter((item) => categoryOf(item) !== undefined).length;

  async function save() {
    setSaving(true);
    try {
      let saved = 0;
      for (const item of items) {
        const category = categoryOf(item);
        if (!category) continue;
        await writes.edit(item, { tax_category: category });
        saved += 1;
      }
      showToast(TAX_REVIEW_TEXT.saved(saved), 'success');
      onClose();
    } finally {
      setSaving(false);
    }
  }

  const options = TAX_CATEGORIES.map((category) => (
    <option key={category} value={category}>
      {TAX_CATEGORY_LABELS[category]}
    </option>
  ));
  return (
    <Modal
      title={TAX_REVIEW_TEXT.title}
      size="large"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={count === 0 || saving}
            onClick={() => void save()}
          >
            {TAX_REVIEW_TEXT.save(count)}
          </button>
        </>
      }
    >
      <p className="dialog-text">{TAX_REVIEW_TEXT.intro}</p>
      <Field id={`${id}-all`} label={TAX_REVIEW_TEXT.setAll}>
        {(control) => (
          <select
            {...control}
            className="field__input"
            value={all}
            onChange={(event) => {
              setAll(event.target.value as TaxCategory | '');
              setChosen({});
            }}
          >
            <option value="">{TAX_REVIEW_TEXT.choose}</option>
            {options}
          </select>
        )}
      </Field>
      <ul className="tax-review__list">
        {items.slice(0, LISTED).map((item) => (
          <li key={item.id} className="tax-review__item">
            <label className="tax-review__name" htmlFor={`${id}-${item.id}`}>
              {itemName(item)}
              <span className="tax-review__meta">LUC {formatCurrency(item.luc)}</span>
            </label>
            <select
              id={`${id}-${item.id}`}
              className="field__input"
              value={categoryOf(item) ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                setChosen((current) => {
                  const next = { ...current };
                  if (isTaxCategory(value)) next[item.id] = value;
                  else delete next[item.id];
                  return next;
                });
              }}
            >
              <option value="">{TAX_REVIEW_TEXT.choose}</option>
              {options}
            </select>
          </li>
        ))}
      </ul>
      {items.length > LISTED ? (
        <p className="dialog-text">{TAX_REVIEW_TEXT.more(items.length - LISTED)}</p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {countText(count)} chosen
      </p>
    </Modal>
  );
}
