import {
  type InventorySettings,
  ITEMS_PER_PAGE_OPTIONS,
  SORT_OPTION_LABELS,
  SORT_OPTIONS,
  type SortOption,
  VIEW_DENSITIES,
  VIEW_DENSITY_TEXT,
  type ViewDensity,
} from '#domains/preferences/inventory-settings.ts';
import { Field } from '#ui/field.tsx';

type Display = InventorySettings['display'];

const DENSITY_LABELS: Record<ViewDensity, string> = {
  compact: 'Compact',
  comfortable: 'Comfortable',
  spacious: 'Spacious',
};

/** Display Preferences: items per page, default sort, view density, product images. */
export function DisplayPreferences({
  value,
  onChange,
}: {
  value: Display;
  onChange: (next: Display) => void;
}) {
  return (
    <div className="settings-grid">
      <Field label="Items Per Page" id="settings-items-per-page">
        {(control) => (
          <select
            {...control}
            className="field__input"
            value={value.itemsPerPage}
            onChange={(event) =>
              onChange({
                ...value,
                itemsPerPage: Number(event.target.value) as Display['itemsPerPage'],
              })
            }
          >
            {ITEMS_PER_PAGE_OPTIONS.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Default Sort Order" id="settings-default-sort">
        {(control) => (
          <select
            {...control}
            className="field__input"
            value={value.defaultSort}
            onChange={(event) =>
              onChange({ ...value, defaultSort: event.target.value as SortOption })
            }
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {SORT_OPTION_LABELS[option]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="field density">
        <legend className="field__label">View Density</legend>
        {VIEW_DENSITIES.map((density) => (
          <label key={density} className="density__option">
            <input
              type="radio"
              name="view-density"
              value={density}
              checked={value.viewDensity === density}
              onChange={() => onChange({ ...value, viewDensity: density })}
            />
            <span>
              <strong>{DENSITY_LABELS[density]}</strong>
              <span className="density__text">{VIEW_DENSITY_TEXT[density]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="field toggle-field">
        <span className="field__label" id="settings-images-label">
          Show Product Images
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={value.showProductImages}
          aria-labelledby="settings-images-label"
          className={`switch${value.showProductImages ? ' switch--on' : ''}`}
          onClick={() => onChange({ ...value, showProductImages: !value.showProductImages })}
        >
          <span className="switch__thumb" />
        </button>
      </div>
    </div>
  );
}
