import { type FormEvent, useId, useState } from 'react';
import { startCount } from '#data/repositories/stocktakes.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import type { ScanMode, StocktakeScope, StocktakeSummary } from '#domains/stocktakes/stocktake.ts';
import { Field } from '#ui/field.tsx';

const today = () =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(),
  );

/**
 * Starting a count: its name, full or partial (optionally only a category, or products matching
 * a search), and how scanning counts. Works offline: the server takes the snapshot of the expected
 * stock when the start reaches it.
 */
export function StartCountForm({
  catalogue,
  onStarted,
  onCancel,
}: {
  catalogue: readonly InventoryItem[];
  onStarted: (count: StocktakeSummary) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(() => `Count ${today()}`);
  const [scope, setScope] = useState<StocktakeScope>('full');
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const [mode, setMode] = useState<ScanMode>('scan');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const categories = [
    ...new Set(catalogue.flatMap((item) => (item.category ? [item.category] : []))),
  ].sort();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError('Give the count a name');
      return;
    }
    setSaving(true);
    try {
      const partial = scope === 'partial';
      onStarted(
        await startCount({
          name: name.trim(),
          scope,
          scan_mode: mode,
          ...(partial && category ? { category } : {}),
          ...(partial && search.trim() ? { search: search.trim() } : {}),
        }),
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className="card stocktake-form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="stocktake__title">
        Start a count
      </h2>
      <Field label="Name" id={`${id}-name`} error={error}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <fieldset className="stocktake-form__choices">
        <legend className="field__label">What is counted</legend>
        <label className="stocktake-form__choice">
          <input
            type="radio"
            name={`${id}-scope`}
            checked={scope === 'full'}
            onChange={() => setScope('full')}
          />
          Full count: every product; those nobody counts are dealt with when it closes
        </label>
        <label className="stocktake-form__choice">
          <input
            type="radio"
            name={`${id}-scope`}
            checked={scope === 'partial'}
            onChange={() => setScope('partial')}
          />
          Partial count: only what is counted changes
        </label>
      </fieldset>
      {scope === 'partial' ? (
        <div className="stocktake-form__filters">
          <Field label="Only a category (optional)">
            {(control) => (
              <select
                {...control}
                className="field__input"
                value={category}
                onChange={(event) => setCategory(event.target.value)}
              >
                <option value="">Every category</option>
                {categories.map((each) => (
                  <option key={each} value={each}>
                    {each}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Only products matching (optional)">
            {(control) => (
              <input
                {...control}
                className="field__input"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            )}
          </Field>
        </div>
      ) : null}
      <fieldset className="stocktake-form__choices">
        <legend className="field__label">Scanning</legend>
        <label className="stocktake-form__choice">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === 'scan'}
            onChange={() => setMode('scan')}
          />
          Each scan adds 1
        </label>
        <label className="stocktake-form__choice">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === 'type'}
            onChange={() => setMode('type')}
          />
          Type the quantity
        </label>
      </fieldset>
      <div className="stocktake-form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={saving}>
          Start counting
        </button>
      </div>
    </form>
  );
}
