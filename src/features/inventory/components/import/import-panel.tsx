import { AlertTriangle, ArrowLeft, CheckCircle2, CloudOff } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { StoredCustomField } from '#data/db.ts';
import { customFieldRules } from '#data/hooks/use-catalogue-writes.ts';
import { useStoredInventorySettings } from '#data/hooks/use-stored.ts';
import type { PlanSummary, ReadFile } from '#data/imports/import-protocol.ts';
import { createImportReader, type ImportReader } from '#data/imports/import-reader.ts';
import { type AppliedImport, applyImport } from '#data/repositories/imports.ts';
import { saveInventorySettings } from '#data/repositories/inventory-settings.ts';
import type { MatchKey } from '#domains/imports/dry-run.ts';
import {
  type ColumnMapping,
  importTargets,
  mappingFromTemplate,
  STOCK_TARGET,
  suggestMapping,
  templateFor,
  templateMapping,
} from '#domains/imports/mapping.ts';
import { defaultInventorySettings } from '#domains/preferences/inventory-settings.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import type { TaxCategory } from '#domains/products/tax.ts';
import { downloadText } from '#ui/download.ts';
import { Field } from '#ui/field.tsx';
import { showToast } from '#ui/toast.tsx';
import { ImportCheck } from './import-check.tsx';
import { DELIMITER_NAMES, IMPORT_TEXT } from './import-text.ts';
import './import.css';

/**
 * Add Inventory → Import from file: the file read off the page's thread with its progress, its
 * columns mapped to the product's fields (suggested, or a saved mapping for the same headings),
 * a dry run against the catalogue stored on this device, and Apply, which needs the connection
 * and sends the checked rows to the server a batch at a time. Reading, mapping and checking
 * work offline.
 */
type Applying =
  | { state: 'idle' }
  | { state: 'running'; applied: number }
  | { state: 'stopped'; applied: number; message: string }
  | { state: 'done'; result: AppliedImport };

const DEFAULT_IMPORT_EXPORT = defaultInventorySettings().importExport;

const percent = (share: number) => Math.round(share * 100);

function ProgressBar({ share, label }: { share: number; label: string }) {
  return (
    <div className="import__progress">
      <div
        className="import__progress-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent(share)}
      >
        <span style={{ width: `${percent(share)}%` }} />
      </div>
      <span className="import__progress-label" aria-hidden="true">
        {label}
      </span>
    </div>
  );
}

export function ImportPanel({
  catalogue,
  customFields,
  shopCategory,
  online,
  onBack,
  onDone,
}: {
  catalogue: readonly InventoryItem[];
  customFields: readonly StoredCustomField[];
  /** The category of a product the file makes without one (Product Defaults). */
  shopCategory: TaxCategory;
  online: boolean;
  onBack: () => void;
  /** 'View inventory' once the import is applied. */
  onDone: () => void;
}) {
  const id = useId();
  const stored = useStoredInventorySettings();
  const settings = stored?.settings ?? defaultInventorySettings();
  const importExport = settings.importExport ?? DEFAULT_IMPORT_EXPORT;
  const templates = importExport.columnMappingTemplates;

  const readerRef = useRef<ImportReader | null>(null);
  const reader = () => {
    readerRef.current ??= createImportReader();
    return readerRef.current;
  };
  useEffect(() => () => readerRef.current?.close(), []);
  const fileInput = useRef<HTMLInputElement>(null);

  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState<number | null>(null);
  const [read, setRead] = useState<ReadFile | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [usedTemplate, setUsedTemplate] = useState<string | null>(null);
  const [matchBy, setMatchBy] = useState<MatchKey>('sku');
  const [setStock, setSetStock] = useState(false);
  const [mappingName, setMappingName] = useState('');
  const [mappingNameError, setMappingNameError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [summary, setSummary] = useState<PlanSummary | null>(null);
  const [skipErrors, setSkipErrors] = useState(false);
  const [applying, setApplying] = useState<Applying>({ state: 'idle' });
  // The job's id is made when the file is checked: Apply again sends the same job.
  const jobId = useRef<string>('');

  const targets = useMemo(() => importTargets(customFields), [customFields]);
  const labels = useMemo(
    () => new Map(targets.map((target) => [target.key, target.label])),
    [targets],
  );
  const labelOf = (key: string) => labels.get(key) ?? key;
  const names = useMemo(
    () => new Map(catalogue.map((item) => [item.id, item.product])),
    [catalogue],
  );

  /** A change to what the check read: its result no longer holds. */
  function unchecked() {
    setSummary(null);
    setSkipErrors(false);
    setCheckError(null);
    setApplying({ state: 'idle' });
  }

  async function readFile(
    chosen: File,
    where: { sheet?: string | undefined; headingRow?: number } = {},
  ) {
    unchecked();
    setFile(chosen);
    setRead(null);
    setReadError(null);
    setReading(0);
    try {
      const found = await reader().read(chosen, where, setReading);
      const template = templateFor(found.headings, templates);
      const proposed = template
        ? mappingFromTemplate(found.headings, template, targets)
        : suggestMapping(found.headings, targets);
      setRead(found);
      setMapping(proposed);
      setUsedTemplate(template?.name ?? null);
      setMappingName(template?.name ?? '');
      setMatchBy(!proposed.includes('sku') && proposed.includes('barcode') ? 'barcode' : 'sku');
      // Stock is set only when asked, now or in the saved mapping: a price list never
      // overwrites counted stock unasked.
      setSetStock(Boolean(template?.setStock) && proposed.includes(STOCK_TARGET));
    } catch (error) {
      setReadError(IMPORT_TEXT.readFailed(error instanceof Error ? error.message : String(error)));
    } finally {
      setReading(null);
    }
  }

  function mapColumn(column: number, key: string) {
    unchecked();
    setUsedTemplate(null);
    const next = mapping.map((current, index) => {
      if (index === column) return key === '' ? null : key;
      // A field takes one column: the one just chosen.
      return current === key ? null : current;
    });
    setMapping(next);
    if (!next.includes(STOCK_TARGET)) setSetStock(false);
  }

  async function saveMapping() {
    const name = mappingName.trim();
    if (!read) return;
    if (!name) {
      setMappingNameError(IMPORT_TEXT.mappingNameNeeded);
      return;
    }
    setMappingNameError(null);
    const saved = { name, mapping: templateMapping(read.headings, mapping), setStock };
    try {
      await saveInventorySettings({
        ...settings,
        importExport: {
          ...importExport,
          columnMappingTemplates: [
            ...templates.filter((template) => template.name !== name),
            saved,
          ].slice(-50),
        },
      });
      setUsedTemplate(name);
      showToast(IMPORT_TEXT.mappingSaved(name), 'success');
    } catch (error) {
      setMappingNameError(error instanceof Error ? error.message : String(error));
    }
  }

  async function check() {
    unchecked();
    setChecking(true);
    try {
      const planned = await reader().plan({
        mapping,
        matchBy,
        behavior: importExport.importBehavior,
        setStock,
        definitions: customFieldRules(customFields),
        shopCategory,
      });
      jobId.current = crypto.randomUUID();
      setSummary(planned);
    } catch (error) {
      setCheckError(
        IMPORT_TEXT.checkFailed(error instanceof Error ? error.message : String(error)),
      );
    } finally {
      setChecking(false);
    }
  }

  async function apply() {
    if (!summary || !file) return;
    setApplying({ state: 'running', applied: 0 });
    try {
      const result = await applyImport({
        job: {
          id: jobId.current,
          file_name: file.name.slice(0, 200) || 'import',
          match_by: matchBy,
          set_stock: setStock,
          row_count: summary.applicable,
        },
        rowsOf: (from, count) => reader().rows(from, count),
        onProgress: (applied) => setApplying({ state: 'running', applied }),
      });
      setApplying({ state: 'done', result });
    } catch (error) {
      setApplying((current) => ({
        state: 'stopped',
        applied: current.state === 'running' ? current.applied : 0,
        message: error instanceof Error ? error.message : String(error),
      }));
    }
  }

  async function downloadErrors() {
    if (!file) return;
    const csv = await reader().errorFile();
    const base = file.name.replace(/\.[^.]+$/, '') || 'import';
    downloadText(`${base}-errors.csv`, csv);
  }

  const keyMapped = mapping.includes(matchBy);
  const stockMapped = mapping.includes(STOCK_TARGET);
  // A stock column the import will not read, said in words where the choice is and in the check.
  const stockIgnored =
    read && stockMapped && !setStock
      ? IMPORT_TEXT.stockIgnored(read.headings[mapping.indexOf(STOCK_TARGET)] ?? '')
      : null;
  const errors = summary?.counts.error ?? 0;
  const blockedByErrors = errors > 0 && !skipErrors;
  const busy = reading !== null || checking || applying.state === 'running';
  const finished = applying.state === 'done';

  return (
    <section className="import card" aria-labelledby={`${id}-title`}>
      <div className="import__header">
        <div>
          <h2 id={`${id}-title`} className="import__title">
            {IMPORT_TEXT.title}
          </h2>
          <p className="import__intro">{IMPORT_TEXT.intro}</p>
        </div>
        <button
          type="button"
          className="button button--secondary"
          onClick={onBack}
          disabled={applying.state === 'running'}
        >
          <ArrowLeft size={16} aria-hidden="true" />
          {IMPORT_TEXT.back}
        </button>
      </div>

      <div className="import__step">
        <label className="field__label" htmlFor={`${id}-file`}>
          {IMPORT_TEXT.fileLabel}
        </label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          className="import__file"
          type="file"
          accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={busy}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // The same file chosen again (fixed in the spreadsheet) is read again.
            event.target.value = '';
            if (chosen) void readFile(chosen);
          }}
        />
        {reading !== null && file ? (
          <ProgressBar share={reading} label={IMPORT_TEXT.reading(file.name)} />
        ) : null}
        {readError ? (
          <p className="field__error" role="alert">
            {readError}
          </p>
        ) : null}
        {read && file ? (
          <div className="import__file-facts" role="status">
            <strong>{IMPORT_TEXT.read(file.name, read.rowCount, read.headings.length)}</strong>
            {read.encoding ? <span>{IMPORT_TEXT.encoding(read.encoding)}</span> : null}
            {read.delimiter ? (
              <span>
                {IMPORT_TEXT.delimiter(DELIMITER_NAMES[read.delimiter] ?? read.delimiter)}
              </span>
            ) : null}
            {read.kind === 'csv' ? <span>{IMPORT_TEXT.numbers[read.numberFormat]}</span> : null}
          </div>
        ) : null}
        {read?.sheets && read.sheets.length > 1 && file ? (
          <div className="field import__sheet">
            <label className="field__label" htmlFor={`${id}-sheet`}>
              {IMPORT_TEXT.sheet}
            </label>
            <select
              id={`${id}-sheet`}
              className="field__input"
              value={read.sheet ?? ''}
              disabled={busy}
              onChange={(event) => void readFile(file, { sheet: event.target.value })}
            >
              {read.sheets.map((sheet) => (
                <option key={sheet} value={sheet}>
                  {sheet}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {read && file && read.headingChoices.length > 1 ? (
          <div className="field import__sheet">
            <label className="field__label" htmlFor={`${id}-heading-row`}>
              {IMPORT_TEXT.headingRow}
            </label>
            <select
              id={`${id}-heading-row`}
              className="field__input"
              value={read.headingRow}
              disabled={busy}
              onChange={(event) =>
                void readFile(file, { sheet: read.sheet, headingRow: Number(event.target.value) })
              }
            >
              {read.headingChoices.map((choice) => (
                <option key={choice.row} value={choice.row}>
                  {IMPORT_TEXT.headingChoice(choice.row, choice.cells)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {read && read.rowCount === 0 ? <p className="import__note">{IMPORT_TEXT.noRows}</p> : null}
      </div>

      {read && read.rowCount > 0 ? (
        <section className="import__step" aria-labelledby={`${id}-columns`}>
          <h3 id={`${id}-columns`} className="import__step-title">
            {IMPORT_TEXT.columns}
          </h3>
          <p className="import__note">
            {usedTemplate ? IMPORT_TEXT.savedMapping(usedTemplate) : IMPORT_TEXT.columnsIntro}
          </p>
          <div className="import__table-wrap">
            <table className="import__table import__mapping">
              <thead>
                <tr>
                  <th scope="col">{IMPORT_TEXT.fileColumn}</th>
                  <th scope="col">{IMPORT_TEXT.firstRow}</th>
                  <th scope="col">{IMPORT_TEXT.importAs}</th>
                </tr>
              </thead>
              <tbody>
                {read.headings.map((heading, column) => (
                  <tr key={heading}>
                    <th scope="row">{heading}</th>
                    <td className="import__sample">{read.preview[0]?.[column] ?? ''}</td>
                    <td>
                      <select
                        className="field__input"
                        aria-label={`${IMPORT_TEXT.importAs}: ${heading}`}
                        value={mapping[column] ?? ''}
                        disabled={busy}
                        onChange={(event) => mapColumn(column, event.target.value)}
                      >
                        <option value="">{IMPORT_TEXT.ignore}</option>
                        {targets.map((target) => (
                          <option key={target.key} value={target.key}>
                            {target.label}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <fieldset className="choice-list import__choices">
            <legend className="field__label">{IMPORT_TEXT.matchBy}</legend>
            {(['sku', 'barcode'] as const).map((key) => (
              <label key={key} className="choice-list__item">
                <input
                  type="radio"
                  name={`${id}-match`}
                  value={key}
                  checked={matchBy === key}
                  disabled={busy}
                  onChange={() => {
                    unchecked();
                    setMatchBy(key);
                  }}
                />
                <span>{labelOf(key)}</span>
              </label>
            ))}
          </fieldset>
          {keyMapped ? null : (
            <p className="import__note import__note--warning">
              {IMPORT_TEXT.keyNotMapped(labelOf(matchBy))}
            </p>
          )}
          <div className="import__stock">
            <label className="choice-list__item">
              <input
                type="checkbox"
                checked={setStock}
                disabled={busy || !stockMapped}
                aria-describedby={`${id}-stock-hint`}
                onChange={(event) => {
                  unchecked();
                  setSetStock(event.target.checked);
                }}
              />
              <span>{IMPORT_TEXT.setStock}</span>
            </label>
            <p
              id={`${id}-stock-hint`}
              className={`import__note${stockIgnored ? ' import__note--warning' : ''}`}
            >
              {stockIgnored
                ? stockIgnored
                : stockMapped
                  ? IMPORT_TEXT.setStockHint
                  : IMPORT_TEXT.setStockNeedsColumn}
            </p>
          </div>

          <div className="import__save-mapping">
            <Field
              id={`${id}-mapping-name`}
              label={IMPORT_TEXT.mappingName}
              error={mappingNameError}
            >
              {(control) => (
                <input
                  {...control}
                  className="field__input"
                  value={mappingName}
                  maxLength={100}
                  onChange={(event) => setMappingName(event.target.value)}
                />
              )}
            </Field>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void saveMapping()}
            >
              {IMPORT_TEXT.saveMapping}
            </button>
          </div>

          <div className="import__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void check()}
            >
              {checking ? IMPORT_TEXT.checking : IMPORT_TEXT.check}
            </button>
          </div>
          {checkError ? (
            <p className="field__error" role="alert">
              {checkError}
            </p>
          ) : null}
        </section>
      ) : null}

      {summary && read ? (
        <section className="import__step" aria-labelledby={`${id}-check`}>
          <ImportCheck
            summary={summary}
            file={read}
            mapping={mapping}
            labelOf={labelOf}
            nameOf={(product) => names.get(product)}
            headingId={`${id}-check`}
            notes={stockIgnored ? [stockIgnored] : []}
          />
          {errors > 0 ? (
            <div className="import__actions import__actions--start">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void downloadErrors()}
              >
                {IMPORT_TEXT.downloadErrors}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => fileInput.current?.click()}
              >
                {IMPORT_TEXT.readAgain}
              </button>
            </div>
          ) : null}
          {errors > 0 && summary.applicable > 0 && !finished ? (
            <label className="choice-list__item">
              <input
                type="checkbox"
                checked={skipErrors}
                disabled={applying.state === 'running'}
                onChange={(event) => setSkipErrors(event.target.checked)}
              />
              <span>{IMPORT_TEXT.skipErrors(errors)}</span>
            </label>
          ) : null}
          {summary.applicable === 0 ? (
            <p className="import__note">{IMPORT_TEXT.nothingToApply}</p>
          ) : null}
          {!online && summary.applicable > 0 && !finished ? (
            <p className="import__note import__note--warning" role="status">
              <CloudOff size={16} aria-hidden="true" /> {IMPORT_TEXT.needsConnection}
            </p>
          ) : null}
          {applying.state === 'running' ? (
            <ProgressBar
              share={applying.applied / Math.max(1, summary.applicable)}
              label={IMPORT_TEXT.applying(applying.applied, summary.applicable)}
            />
          ) : null}
          {applying.state === 'stopped' ? (
            <div className="import__stopped" role="alert">
              <AlertTriangle size={18} aria-hidden="true" />
              <div>
                <p>{IMPORT_TEXT.interrupted(applying.applied, summary.applicable)}</p>
                <p className="import__note">{applying.message}</p>
              </div>
            </div>
          ) : null}
          {summary.applicable > 0 && !finished ? (
            <div className="import__actions">
              <button
                type="button"
                className="button button--primary"
                disabled={busy || blockedByErrors || !online}
                onClick={() => void apply()}
              >
                {applying.state === 'stopped'
                  ? IMPORT_TEXT.applyAgain
                  : IMPORT_TEXT.apply(summary.applicable)}
              </button>
            </div>
          ) : null}
          {applying.state === 'done' ? (
            <ImportResult
              result={applying.result}
              skipped={errors}
              onDone={onDone}
              onAnother={() => {
                unchecked();
                setRead(null);
                setFile(null);
                fileInput.current?.focus();
              }}
            />
          ) : null}
        </section>
      ) : null}
    </section>
  );
}

function ImportResult({
  result,
  skipped,
  onDone,
  onAnother,
}: {
  result: AppliedImport;
  skipped: number;
  onDone: () => void;
  onAnother: () => void;
}) {
  const { tally } = result.job;
  return (
    <div className="import__result" role="status">
      <h3 className="import__step-title">
        <CheckCircle2 size={18} aria-hidden="true" /> {IMPORT_TEXT.finished}
      </h3>
      <p>
        {IMPORT_TEXT.tally(tally.created, tally.updated, tally.unchanged)}
        {skipped > 0 ? ` ${IMPORT_TEXT.skipped(skipped)}` : ''}
      </p>
      {result.problems.length > 0 ? (
        <>
          <p>{IMPORT_TEXT.problems(result.problems.length)}</p>
          <ul className="import__error-list">
            {result.problems.map((problem) => (
              <li key={problem.row}>
                <strong>
                  {IMPORT_TEXT.rowError(
                    problem.row,
                    IMPORT_TEXT.outcome[problem.outcome as keyof typeof IMPORT_TEXT.outcome],
                  )}
                  :
                </strong>{' '}
                {problem.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="import__actions import__actions--start">
        <button type="button" className="button button--primary" onClick={onDone}>
          {IMPORT_TEXT.viewInventory}
        </button>
        <button type="button" className="button button--secondary" onClick={onAnother}>
          {IMPORT_TEXT.another}
        </button>
      </div>
    </div>
  );
}
