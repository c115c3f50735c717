import type { ColumnLayout } from '#domains/preferences/column-preferences.ts';
import { ALWAYS_VISIBLE_COLUMN } from '#domains/products/columns.ts';

export interface ColumnOption {
  key: string;
  label: string;
}

/** Column Visibility: every offered column, sorted by label; the product column is always on. */
export function ColumnVisibilityList({
  columns,
  layout,
  onToggle,
}: {
  columns: readonly ColumnOption[];
  layout: ColumnLayout;
  onToggle: (key: string, visible: boolean) => void;
}) {
  const sorted = [...columns].sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return (
    <fieldset className="settings-section">
      <legend className="settings-section__title">Column Visibility</legend>
      <ul className="visibility-list">
        {sorted.map((column) => {
          const locked = column.key === ALWAYS_VISIBLE_COLUMN;
          const id = `column-visible-${column.key}`;
          return (
            <li key={column.key} className="visibility-list__item">
              <input
                id={id}
                type="checkbox"
                checked={locked || layout.visibility[column.key] === true}
                disabled={locked}
                onChange={(event) => onToggle(column.key, event.target.checked)}
              />
              <label htmlFor={id}>
                {column.label}
                {locked ? <span className="visibility-list__note"> (always shown)</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
