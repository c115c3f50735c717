import { useId, useState } from 'react';
import { localDay } from '#data/time-zone.ts';
import {
  type ExportedField,
  everyFieldColumns,
  exportRows,
  shownColumns,
} from '#domains/products/export.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { plural } from '#shared/words.ts';
import { Modal } from '#ui/modal.tsx';
import { showToast } from '#ui/toast.tsx';
import { downloadList, type ExportFormat } from '../export-list.ts';

export const EXPORT_TEXT = {
  title: 'Export products',
  rows: (count: number) => `The ${plural(count, 'product')} the table shows, in its order.`,
  shown: 'The columns shown, in their order',
  every: 'Every field (to import again)',
  csv: 'CSV',
  xlsx: 'Excel (.xlsx)',
  working: 'Exporting...',
  done: (count: number) => `Exported ${plural(count, 'product')}`,
  failed: (message: string) => `The file could not be made: ${message}`,
} as const;

type Scope = 'shown' | 'every';

/**
 * 'Export' on the inventory table: the rows as searched and sorted, with the columns shown (in
 * their order) or every field, as CSV or an Excel workbook.
 */
export function ExportDialog({
  items,
  columns,
  customFields,
  defaultFormat,
  onClose,
}: {
  items: readonly InventoryItem[];
  columns: readonly { key: string; label: string }[];
  customFields: readonly ExportedField[];
  defaultFormat: ExportFormat;
  onClose: () => void;
}) {
  const id = useId();
  const [scope, setScope] = useState<Scope>('shown');
  const [format, setFormat] = useState<ExportFormat>(defaultFormat);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function exportList() {
    setWorking(true);
    setError(null);
    try {
      const chosen = scope === 'shown' ? shownColumns(columns) : everyFieldColumns(customFields);
      const list = exportRows(items, chosen);
      await downloadList(`vintry-products-${localDay(new Date())}`, format, {
        ...list,
        numeric: chosen.map((column) => column.numeric),
      });
      showToast(EXPORT_TEXT.done(items.length));
      onClose();
    } catch (failure) {
      setError(EXPORT_TEXT.failed(failure instanceof Error ? failure.message : String(failure)));
      setWorking(false);
    }
  }

  const choice = <T extends string>(
    name: string,
    value: T,
    current: T,
    set: (value: T) => void,
    label: string,
  ) => (
    <label className="choice-list__item">
      <input
        type="radio"
        name={`${id}-${name}`}
        value={value}
        checked={current === value}
        onChange={() => set(value)}
      />
      <span>{label}</span>
    </label>
  );

  return (
    <Modal
      title={EXPORT_TEXT.title}
      size="small"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={working}
            onClick={exportList}
          >
            {working ? EXPORT_TEXT.working : 'Export'}
          </button>
        </>
      }
    >
      <p className="dialog-text">{EXPORT_TEXT.rows(items.length)}</p>
      <fieldset className="choice-list export-dialog__choices">
        <legend className="field__label">Columns</legend>
        {choice('scope', 'shown', scope, setScope, EXPORT_TEXT.shown)}
        {choice('scope', 'every', scope, setScope, EXPORT_TEXT.every)}
      </fieldset>
      <fieldset className="choice-list export-dialog__choices">
        <legend className="field__label">Format</legend>
        {choice('format', 'csv', format, setFormat, EXPORT_TEXT.csv)}
        {choice('format', 'xlsx', format, setFormat, EXPORT_TEXT.xlsx)}
      </fieldset>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
