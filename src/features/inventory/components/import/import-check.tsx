import type { PlanSummary, ReadFile } from '#data/imports/import-protocol.ts';
import type { RowPlan } from '#domains/imports/dry-run.ts';
import type { ColumnMapping } from '#domains/imports/mapping.ts';
import { STOCK_TARGET } from '#domains/imports/mapping.ts';
import { shownProductValue } from '#domains/products/product-write.ts';
import { countText } from '#shared/words.ts';
import { IMPORT_TEXT } from './import-text.ts';

/**
 * The dry run as the screen shows it: the counts, the first rows as they will be saved, and
 * every listed error by row number, column and the product form's message.
 */
export function ImportCheck({
  summary,
  file,
  mapping,
  labelOf,
  nameOf,
  headingId,
  notes,
}: {
  summary: PlanSummary;
  /** The file as read: an error row's name comes from its first rows. */
  file: Pick<ReadFile, 'preview' | 'previewNumbers'>;
  mapping: ColumnMapping;
  labelOf: (key: string) => string;
  /** A catalogue product's name, by id. */
  nameOf: (id: number) => string | undefined;
  headingId: string;
  /** What the check should say besides its counts: a stock column it does not read. */
  notes: readonly string[];
}) {
  const { counts } = summary;
  const cell = (plan: RowPlan, key: string) => {
    const column = mapping.indexOf(key);
    const index = file.previewNumbers.indexOf(plan.row);
    return column < 0 ? '' : (file.preview[index]?.[column] ?? '');
  };
  const name = (plan: RowPlan) =>
    (typeof plan.changes.name === 'string' ? plan.changes.name : undefined) ??
    (plan.productId === undefined ? undefined : nameOf(plan.productId)) ??
    cell(plan, 'name');
  const changes = (plan: RowPlan) => {
    // A new product shows the values it gets; an update, every value it changes (to empty too).
    const shown = Object.entries(plan.changes)
      .filter(
        ([key, value]) =>
          plan.action !== 'create' || (key !== 'name' && value !== null && value !== ''),
      )
      .map(([key, value]) => `${labelOf(key)}: ${shownProductValue(key, value)}`);
    if (plan.stock !== undefined) shown.push(`${labelOf(STOCK_TARGET)}: ${plan.stock}`);
    if (plan.action === 'error') return plan.errors.map((error) => error.message).join('; ');
    return shown.length > 0 ? shown.join(', ') : IMPORT_TEXT.noChanges;
  };
  const listed = summary.errors.flatMap((entry) =>
    entry.errors.map((error, index) => ({ key: `${entry.row}-${index}`, row: entry.row, error })),
  );

  return (
    <>
      <h3 id={headingId} className="import__step-title">
        {IMPORT_TEXT.result}
      </h3>
      {notes.map((note) => (
        <p key={note} className="import__note import__note--warning">
          {note}
        </p>
      ))}
      <dl className="import__counts" aria-live="polite">
        {(['create', 'update', 'unchanged', 'error'] as const).map((action) => (
          <div key={action} className={`import__count import__count--${action}`}>
            <dt>{IMPORT_TEXT.counts[action]}</dt>
            <dd>{countText(counts[action])}</dd>
          </div>
        ))}
      </dl>
      {summary.preview.length > 0 ? (
        <div className="import__table-wrap">
          <table className="import__table">
            <caption>{IMPORT_TEXT.preview}</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Action</th>
                <th scope="col">Product</th>
                <th scope="col">Values</th>
              </tr>
            </thead>
            <tbody>
              {summary.preview.map((plan) => (
                <tr key={plan.row} className={`import__row import__row--${plan.action}`}>
                  <td>{countText(plan.row)}</td>
                  <td>{IMPORT_TEXT.action[plan.action]}</td>
                  <td>{name(plan)}</td>
                  <td>{changes(plan)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {counts.error > 0 ? (
        <div className="import__errors">
          <h4 className="import__errors-title">{IMPORT_TEXT.errors(counts.error)}</h4>
          <ul className="import__error-list">
            {listed.map(({ key, row, error }) => (
              <li key={key}>
                <strong>{IMPORT_TEXT.rowError(row, error.column)}:</strong> {error.message}
              </li>
            ))}
          </ul>
          {summary.errors.length < counts.error ? (
            <p className="import__note">
              {IMPORT_TEXT.moreErrors(summary.errors.length, counts.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
