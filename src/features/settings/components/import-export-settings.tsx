import { Trash2 } from 'lucide-react';
import type { InventorySettings } from '#domains/preferences/inventory-settings.ts';
import { plural } from '#shared/words.ts';

type ImportExport = InventorySettings['importExport'];

/** Import/Export Settings' words, for the tab and its tests. */
export const IMPORT_EXPORT_TEXT = {
  behavior: 'When a file is imported',
  behaviors: {
    updateAndCreate: [
      'Update and create',
      'A row updates the product with its SKU or barcode, else makes a new product.',
    ],
    createOnly: ['Only create', 'Rows of products already in the catalogue are refused.'],
    updateOnly: ['Only update', 'Rows of products not in the catalogue are refused.'],
  },
  format: 'Export format',
  formats: { csv: ['CSV'], xlsx: ['Excel (.xlsx)'] },
  mappings: 'Saved column mappings',
  mappingsIntro:
    'A file whose headings match a saved mapping gets its columns mapped the same way.',
  noMappings:
    'No saved mappings yet. Save one while importing a file (Add Inventory → Import from file).',
  columns: (n: number) => plural(n, 'column'),
  remove: (name: string) => `Delete mapping ${name}`,
} as const;

/** One choice among options, each with its label and, where it needs one, a line saying more. */
function Choices<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: Readonly<Record<T, readonly [string, string?]>>;
  value: T;
  onChange: (next: T) => void;
}) {
  return (
    <fieldset className="field density">
      <legend className="field__label">{legend}</legend>
      {(Object.keys(options) as T[]).map((option) => {
        const [label, more] = options[option];
        return (
          <label key={option} className="density__option">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span>
              <strong>{label}</strong>
              {more ? <span className="density__text">{more}</span> : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * Import/Export Settings: what an import's rows may do, the format Export offers first, and the
 * saved column mappings (made on the import screen, deleted here). Saved with Save Settings.
 */
export function ImportExportSettings({
  value,
  onChange,
}: {
  value: ImportExport;
  onChange: (next: ImportExport) => void;
}) {
  const { behaviors, formats } = IMPORT_EXPORT_TEXT;
  return (
    <div className="settings-grid">
      <Choices
        legend={IMPORT_EXPORT_TEXT.behavior}
        name="import-behavior"
        options={behaviors}
        value={value.importBehavior}
        onChange={(importBehavior) => onChange({ ...value, importBehavior })}
      />
      <Choices
        legend={IMPORT_EXPORT_TEXT.format}
        name="export-format"
        options={formats}
        value={value.exportFormat}
        onChange={(exportFormat) => onChange({ ...value, exportFormat })}
      />
      <section className="field saved-mappings" aria-labelledby="saved-mappings-title">
        <h3 id="saved-mappings-title" className="field__label">
          {IMPORT_EXPORT_TEXT.mappings}
        </h3>
        <p className="density__text">{IMPORT_EXPORT_TEXT.mappingsIntro}</p>
        {value.columnMappingTemplates.length === 0 ? (
          <p className="density__text">{IMPORT_EXPORT_TEXT.noMappings}</p>
        ) : (
          <ul className="saved-mappings__list">
            {value.columnMappingTemplates.map((template) => (
              <li key={template.name} className="saved-mappings__item">
                <span>
                  <strong>{template.name}</strong>
                  <span className="density__text">
                    {IMPORT_EXPORT_TEXT.columns(Object.keys(template.mapping).length)}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={IMPORT_EXPORT_TEXT.remove(template.name)}
                  onClick={() =>
                    onChange({
                      ...value,
                      columnMappingTemplates: value.columnMappingTemplates.filter(
                        (other) => other.name !== template.name,
                      ),
                    })
                  }
                >
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
