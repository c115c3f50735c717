import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Check, CloudOff, Loader } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useColumnLayout } from '#data/hooks/use-column-layout.ts';
import { useStoredInventorySettings } from '#data/hooks/use-stored.ts';
import { columnPreferencesResource } from '#data/repositories/column-preferences.ts';
import {
  INVENTORY_SETTINGS_RESOURCE,
  inventorySettingsQuery,
  saveInventorySettings,
} from '#data/repositories/inventory-settings.ts';
import { type SaveState, useSaveState } from '#data/sync/use-save-state.ts';
import {
  type ColumnLayout,
  DEFAULT_TABLE,
  defaultLayout,
} from '#domains/preferences/column-preferences.ts';
import {
  defaultInventorySettings,
  type InventorySettings,
} from '#domains/preferences/inventory-settings.ts';
import { PREFERENCE_MESSAGES } from '#domains/preferences/messages.ts';
import {
  columnLabel,
  DEFAULT_COLUMN_ORDER,
  OFFERED_COLUMNS,
  shownColumnKeys,
} from '#domains/products/columns.ts';
import { Modal } from '#ui/modal.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { showToast } from '#ui/toast.tsx';
import { ColumnOrderList } from './column-order-list.tsx';
import { type ColumnOption, ColumnVisibilityList } from './column-visibility-list.tsx';
import { DisplayPreferences } from './display-preferences.tsx';
import { ImportExportSettings } from './import-export-settings.tsx';
import {
  NOTIFICATION_FIELDS,
  PRODUCT_DEFAULT_FIELDS,
  STOCK_RULE_FIELDS,
} from './inventory-rules.tsx';
import { SettingsFields } from './settings-fields.tsx';
import './settings.css';

const TABS = [
  { id: 'columns', label: 'Column Settings' },
  { id: 'display', label: 'Display Preferences' },
  { id: 'stock', label: 'Stock Management Rules' },
  { id: 'defaults', label: 'Product Defaults' },
  { id: 'notifications', label: 'Notifications & Alerts' },
  { id: 'import', label: 'Import/Export Settings' },
] as const;
type TabId = (typeof TABS)[number]['id'];

function SavingIndicator({ state }: { state: SaveState }) {
  if (state === 'idle') return <span className="saving-indicator" aria-live="polite" />;
  const content = {
    saving: [
      <Loader key="i" size={14} className="saving-indicator__spin" aria-hidden="true" />,
      'Saving...',
    ],
    offline: [
      <CloudOff key="i" size={14} aria-hidden="true" />,
      'Saved on this device; it will sync when online',
    ],
    saved: [<Check key="i" size={14} aria-hidden="true" />, 'Saved'],
  }[state];
  return (
    <span className={`saving-indicator saving-indicator--${state}`} aria-live="polite">
      {content}
    </span>
  );
}

/** Moves the visible column at `from` to `to`, keeping hidden columns where they were. */
function moveVisible(layout: ColumnLayout, from: number, to: number): ColumnLayout {
  const visible = layout.order.filter((key) => layout.visibility[key]);
  const [moved] = visible.splice(from, 1);
  if (moved === undefined) return layout;
  visible.splice(to, 0, moved);
  let next = 0;
  const order = layout.order.map((key) =>
    layout.visibility[key] ? (visible[next++] as string) : key,
  );
  return { ...layout, order };
}

/**
 * The inventory settings panel (spec sections 2 and 4): column visibility and order saved at
 * once, the custom fields, display preferences saved with 'Save Settings', and the footer.
 */
// One object, so the form's effect below sees the same defaults on every render.
const DEFAULT_SETTINGS = defaultInventorySettings();

export function SettingsPanel({
  customFieldsManager,
  onCancel,
  canSaveSettings = true,
}: {
  customFieldsManager: ReactNode;
  /** The inventory settings are the business's: saved by owners and managers only. */
  canSaveSettings?: boolean;
  /** 'Cancel' switches the screen to the Add Inventory sub-tab. */
  onCancel: () => void;
}) {
  const [tab, setTab] = useState<TabId>('columns');
  const columns = useColumnLayout(DEFAULT_TABLE);
  const settingsLoad = useQuery(inventorySettingsQuery());
  const storedSettings = useStoredInventorySettings();
  const savedSettings = storedSettings?.settings ?? settingsLoad.data?.settings ?? DEFAULT_SETTINGS;
  // The sections 'Save Settings' saves, as the form holds them.
  const [form, setForm] = useState<InventorySettings>(savedSettings);
  const { display, importExport } = form;
  function change<K extends keyof InventorySettings>(section: K, next: InventorySettings[K]) {
    setTouched(true);
    setForm((current) => ({ ...current, [section]: next }));
  }
  const [confirmReset, setConfirmReset] = useState(false);
  const columnsSaveState = useSaveState(columnPreferencesResource(DEFAULT_TABLE));
  const settingsSaveState = useSaveState(INVENTORY_SETTINGS_RESOURCE);

  // The form follows the stored settings until the user changes something.
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) setForm(savedSettings);
  }, [savedSettings, touched]);

  const customNames = useMemo(
    () => new Map(columns.customFields.map((field) => [field.field_key, field.field_name])),
    [columns.customFields],
  );
  const label = (key: string) => columnLabel(key, customNames) ?? key;
  const options: ColumnOption[] = [
    ...OFFERED_COLUMNS.map(({ key }) => key),
    ...customNames.keys(),
  ].map((key) => ({ key, label: label(key) }));
  const visibleInOrder = shownColumnKeys(columns.layout, customNames).map((key) => ({
    key,
    label: label(key),
  }));

  function toggle(key: string, visible: boolean) {
    const layout = {
      ...columns.layout,
      visibility: { ...columns.layout.visibility, [key]: visible },
    };
    void columns.save(layout, 'columns.visibility');
  }

  function resetOrder() {
    const rest = columns.layout.order.filter(
      (key) => !(DEFAULT_COLUMN_ORDER as readonly string[]).includes(key),
    );
    void columns.save(
      { ...columns.layout, order: [...DEFAULT_COLUMN_ORDER, ...rest] },
      'columns.reset-order',
    );
  }

  async function resetToDefaults() {
    setConfirmReset(false);
    const customKeys = columns.customFields.map((field) => field.field_key);
    const defaults = defaultInventorySettings();
    // The saved column mappings are the shop's own work, not a setting: they stay.
    const importDefaults = {
      ...defaults.importExport,
      columnMappingTemplates: savedSettings.importExport.columnMappingTemplates,
    };
    const reset = { ...defaults, importExport: importDefaults };
    setForm(reset);
    setTouched(false);
    try {
      await columns.save(defaultLayout(customKeys), 'columns.reset');
      await saveInventorySettings(reset);
    } catch {
      showToast(PREFERENCE_MESSAGES.resetFailed, 'error');
    }
  }

  async function saveSettings() {
    try {
      await saveInventorySettings({
        ...form,
        stockManagement: {
          ...form.stockManagement,
          // A list typed one per line: blank lines are no reasons.
          stockAdjustmentReasons: form.stockManagement.stockAdjustmentReasons
            .map((reason) => reason.trim())
            .filter(Boolean),
        },
        notifications: {
          ...form.notifications,
          lowStockRecipients: form.notifications.lowStockRecipients
            .map((address) => address.trim())
            .filter(Boolean),
        },
      });
      setTouched(false);
    } catch {
      showToast(PREFERENCE_MESSAGES.settingsSaveFailed, 'error');
    }
  }

  if (columns.error) {
    return (
      <section className="settings-panel card">
        <div className="settings-error" role="alert">
          <AlertTriangle size={20} aria-hidden="true" />
          <div>
            <h2 className="settings-error__title">{PREFERENCE_MESSAGES.loadFailed}</h2>
            <p className="settings-error__message">{columns.error.message}</p>
            <button type="button" className="button button--link" onClick={columns.retry}>
              {PREFERENCE_MESSAGES.tryAgain}
            </button>
          </div>
        </div>
      </section>
    );
  }

  const current = TABS.find((entry) => entry.id === tab) ?? TABS[0];
  return (
    <section className="settings-panel card" aria-label="Inventory settings">
      <div className="settings-panel__header">
        <h2 className="settings-panel__title">Inventory Settings</h2>
        <SavingIndicator
          state={columnsSaveState !== 'idle' ? columnsSaveState : settingsSaveState}
        />
      </div>
      <div className="tab-bar settings-tabs" role="tablist" aria-label="Settings">
        {TABS.map((entry) => (
          <button
            key={entry.id}
            type="button"
            role="tab"
            aria-selected={tab === entry.id}
            className={`tab-bar__tab${tab === entry.id ? ' tab-bar__tab--active' : ''}`}
            onClick={() => setTab(entry.id)}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div className="settings-panel__body" role="tabpanel" aria-label={current.label}>
        {/* Only the column tab needs the column preferences; the others show at once. */}
        {tab === 'columns' && columns.loading ? (
          <PageSpinner label="Loading preferences..." />
        ) : tab === 'columns' ? (
          <div className="column-settings">
            <ColumnVisibilityList columns={options} layout={columns.layout} onToggle={toggle} />
            <div className="column-settings__side">
              {customFieldsManager}
              <ColumnOrderList
                columns={visibleInOrder}
                onMove={(from, to) =>
                  void columns.save(moveVisible(columns.layout, from, to), 'columns.order')
                }
                onResetOrder={resetOrder}
              />
            </div>
          </div>
        ) : tab === 'display' ? (
          <DisplayPreferences value={display} onChange={(next) => change('display', next)} />
        ) : tab === 'import' ? (
          <ImportExportSettings
            value={importExport}
            onChange={(next) => change('importExport', next)}
          />
        ) : tab === 'stock' ? (
          <SettingsFields
            fields={STOCK_RULE_FIELDS}
            value={form.stockManagement}
            disabled={!canSaveSettings}
            onChange={(next) => change('stockManagement', next)}
          />
        ) : tab === 'defaults' ? (
          <SettingsFields
            fields={PRODUCT_DEFAULT_FIELDS}
            value={form.productDefaults}
            disabled={!canSaveSettings}
            onChange={(next) => change('productDefaults', next)}
          />
        ) : (
          <SettingsFields
            fields={NOTIFICATION_FIELDS}
            value={form.notifications}
            disabled={!canSaveSettings}
            onChange={(next) => change('notifications', next)}
          />
        )}
      </div>
      <div className="settings-panel__footer">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setConfirmReset(true)}
        >
          Reset to Defaults
        </button>
        <div className="settings-panel__footer-end">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          {canSaveSettings ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => void saveSettings()}
            >
              Save Settings
            </button>
          ) : null}
        </div>
      </div>
      {confirmReset ? (
        <Modal
          title="Reset to Defaults"
          size="small"
          role="alertdialog"
          onClose={() => setConfirmReset(false)}
          footer={
            <>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setConfirmReset(false)}
              >
                Cancel
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => void resetToDefaults()}
              >
                Reset
              </button>
            </>
          }
        >
          <p className="dialog-text">{PREFERENCE_MESSAGES.resetConfirm}</p>
        </Modal>
      ) : null}
    </section>
  );
}
