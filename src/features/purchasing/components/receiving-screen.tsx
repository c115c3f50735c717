import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useCatalogueWrites } from '#data/hooks/use-catalogue-writes.ts';
import { useDeliveryOnDevice, usePurchaseOrders } from '#data/hooks/use-purchasing.ts';
import { useStoredInventorySettings } from '#data/hooks/use-stored.ts';
import { countReceived, postReceived, saveDeliveryInvoice } from '#data/repositories/deliveries.ts';
import { defaultInventorySettings } from '#domains/preferences/inventory-settings.ts';
import { itemName } from '#domains/products/display-name.ts';
import { formatCurrency, formatPercent } from '#domains/products/format.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import {
  type Delivery,
  type DeliveryInvoice,
  linesCountedHere,
  MAX_DELIVERY_UNITS,
} from '#domains/purchasing/receiving.ts';
import { type ReceivingRow, receivingPreview } from '#domains/purchasing/receiving-preview.ts';
import {
  lookUpReceiving,
  type ReceivingMatch,
  receivingIndex,
} from '#domains/purchasing/receiving-scan.ts';
import { formatCents, parseCents } from '#domains/sales/money.ts';
import { ScanField, type ScanFieldHandle } from '#ui/scanning/scan-field.tsx';
import { SCAN_TEXT } from '#ui/scanning/scan-text.ts';
import { showToast } from '#ui/toast.tsx';
import { PURCHASING_TEXT } from '../purchasing-text.ts';
import { centsText, dayText, typedUnits } from './purchasing-format.ts';

/** Matches offered for a search. */
const MATCHES = 8;

interface TypedInvoice {
  number: string;
  date: string;
  total: string;
  freight: string;
  /** Each line's cost as typed, by product. */
  costs: Record<number, string>;
}

const typedOf = (delivery: Delivery): TypedInvoice => ({
  number: delivery.invoice_number,
  date: delivery.invoice_date ?? '',
  total: centsText(delivery.total_cents),
  freight: delivery.freight_cents === 0 ? '' : centsText(delivery.freight_cents),
  costs: Object.fromEntries(
    delivery.lines.flatMap((line) =>
      line.line_cents === null ? [] : [[line.product_id, centsText(line.line_cents)]],
    ),
  ),
});

/** The typed invoice as the server takes it, or the first problem. */
function invoiceOf(typed: TypedInvoice): { invoice: DeliveryInvoice } | { problem: string } {
  const money = (text: string) => (text.trim() === '' ? null : parseCents(text));
  const total = money(typed.total);
  const freight = money(typed.freight);
  if (
    (typed.total.trim() !== '' && total === null) ||
    (typed.freight.trim() !== '' && freight === null)
  ) {
    return { problem: 'Enter amounts like 12.50' };
  }
  if (typed.date !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(typed.date)) {
    return { problem: 'Enter the invoice date' };
  }
  const costs: DeliveryInvoice['costs'] = [];
  for (const [productId, text] of Object.entries(typed.costs)) {
    if (text.trim() === '') continue;
    const cents = parseCents(text);
    if (cents === null) return { problem: 'Enter each line’s cost like 120.00' };
    costs.push({ product_id: Number(productId), line_cents: cents });
  }
  return {
    invoice: {
      invoice_number: typed.number.trim(),
      invoice_date: typed.date === '' ? null : typed.date,
      total_cents: total,
      freight_cents: freight ?? 0,
      costs,
    },
  };
}

/**
 * Receiving a delivery: scan bottles or cases (or search, or type what came), type the
 * supplier's invoice, and — for a manager — post it. Everything is kept on this tablet at once
 * and sent as it can be, so receiving goes on offline; two tablets' counts add up.
 */
export function ReceivingScreen({
  delivery,
  catalogue,
  catalogueNote,
  online,
  canPost,
  canEditCatalogue,
  onBack,
}: {
  delivery: Delivery;
  catalogue: readonly InventoryItem[];
  /** Said while this device holds no catalogue to look scans up in. */
  catalogueNote: string | null;
  online: boolean;
  canPost: boolean;
  canEditCatalogue: boolean;
  onBack: () => void;
}) {
  const id = useId();
  const onDevice = useDeliveryOnDevice(delivery);
  const orders = usePurchaseOrders();
  const settings = useStoredInventorySettings()?.settings ?? defaultInventorySettings();
  const writes = useCatalogueWrites();
  const index = useMemo(() => receivingIndex(catalogue), [catalogue]);
  const byId = useMemo(() => new Map(catalogue.map((item) => [item.id, item])), [catalogue]);
  const [code, setCode] = useState('');
  const [choices, setChoices] = useState<ReceivingMatch[] | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [typed, setTyped] = useState<TypedInvoice>(() => typedOf(delivery));
  const [invoiceDirty, setInvoiceDirty] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [askingMismatch, setAskingMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<ScanFieldHandle>(null);
  // Counts saved from this screen, shown ahead of the stored ones (a scan's line is on screen in
  // the next frame, not after IndexedDB): a scanner's scans of one product can follow each other
  // faster than the stored counts come back, so they are read from here, and `shown` repaints.
  const saved = useRef(new Map<number, { received: number; damaged: number }>());
  const [shown, setShown] = useState(0);
  useEffect(() => codeRef.current?.focus(), []);
  // Another device's save of the invoice shows here, unless this one is typing its own.
  useEffect(() => {
    if (!invoiceDirty) setTyped(typedOf(delivery));
  }, [delivery, invoiceDirty]);

  const open = delivery.status === 'open';
  const order = delivery.order_id
    ? orders?.find((entry) => entry.id === delivery.order_id)
    : undefined;
  const hereOf = (productId: number) =>
    saved.current.get(productId) ?? onDevice?.here.get(productId) ?? { received: 0, damaged: 0 };

  // Every device's counts: the others' as the server has them, this device's as counted here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` marks a count saved in `saved`
  const lines = useMemo(() => {
    if (!onDevice) return delivery.lines;
    const here = new Map([...onDevice.here, ...saved.current]);
    return linesCountedHere(
      delivery,
      onDevice.device,
      [...here].map(([productId, count]) => ({ productId, ...count })),
    );
  }, [delivery, onDevice, shown]);
  const invoice = invoiceOf(typed);
  const preview = useMemo(
    () =>
      receivingPreview({
        delivery,
        lines,
        items: byId,
        orderedCosts: new Map(order?.lines.map((line) => [line.product_id, line.unit_cost_cents])),
        costs: new Map(
          'invoice' in invoice
            ? invoice.invoice.costs.map((cost) => [cost.product_id, cost.line_cents])
            : [],
        ),
        freightCents: 'invoice' in invoice ? invoice.invoice.freight_cents : delivery.freight_cents,
        totalCents: 'invoice' in invoice ? invoice.invoice.total_cents : delivery.total_cents,
        alertPoints: settings.productDefaults.marginAlertPoints,
        rules: settings.productDefaults,
      }),
    [delivery, lines, byId, order, invoice, settings],
  );

  async function count(item: InventoryItem, received: number, damaged: number) {
    saved.current.set(item.id, { received, damaged });
    setShown((times) => times + 1);
    await countReceived(delivery, item.id, received, damaged);
  }

  async function take(match: ReceivingMatch) {
    setChoices(null);
    setCode('');
    // Added on this device and not yet on the server: a delivery line could not name it.
    if (match.item.id <= 0) {
      setSaid(PURCHASING_TEXT.notSynced);
      return;
    }
    const here = hereOf(match.item.id);
    await count(match.item, here.received + match.units, here.damaged);
    setSaid(
      `${itemName(match.item)}: +${match.units}${match.asCase ? ` (a case of ${match.units})` : ''}, ${here.received + match.units} here`,
    );
    codeRef.current?.focus();
  }

  async function find(text: string) {
    setSaid(null);
    const found = lookUpReceiving(catalogue, text, MATCHES, index);
    if (found.kind === 'code' && found.matches.length === 1) {
      await take(found.matches[0] as ReceivingMatch);
      return;
    }
    if (found.kind === 'code' || found.kind === 'search') {
      setChoices(found.matches);
      return;
    }
    setChoices(null);
    setSaid(found.kind === 'bad-barcode' ? SCAN_TEXT.badBarcode : SCAN_TEXT.notFound);
    // The code stays to be corrected; the next scan replaces it rather than joining it.
    codeRef.current?.select();
  }

  function typeInvoice(change: Partial<TypedInvoice>) {
    setTyped((was) => ({ ...was, ...change }));
    setInvoiceDirty(true);
    setProblem(null);
  }

  async function saveInvoice(): Promise<boolean> {
    if ('problem' in invoice) {
      setProblem(invoice.problem);
      return false;
    }
    await saveDeliveryInvoice(delivery, invoice.invoice);
    setInvoiceDirty(false);
    return true;
  }

  async function submitInvoice(event: FormEvent) {
    event.preventDefault();
    if (await saveInvoice()) showToast('Invoice saved', 'success');
  }

  async function post(acceptMismatch: boolean) {
    setBusy(true);
    try {
      if (invoiceDirty && !(await saveInvoice())) return;
      const difference = preview.differenceCents;
      if (!acceptMismatch && difference !== null && difference !== 0) {
        setAskingMismatch(true);
        return;
      }
      setAskingMismatch(false);
      await postReceived(delivery, acceptMismatch);
      showToast(`Posting the delivery from ${delivery.supplier}`, 'success');
    } finally {
      setBusy(false);
    }
  }

  const rows = preview.rows;
  const cameAny = rows.some((row) => row.received + row.damaged > 0);
  const title = `${delivery.supplier}${delivery.order_number ? ` · ${delivery.order_number}` : ''}`;

  return (
    <section className="card purchasing-section receiving" aria-labelledby={`${id}-title`}>
      <div className="purchasing-section__header">
        <h2 id={`${id}-title`} className="purchasing-section__title">
          Receiving: {title}
        </h2>
        <div className="purchasing-actions">
          <button type="button" className="button button--secondary" onClick={onBack}>
            All deliveries
          </button>
        </div>
      </div>
      <p className="purchasing-note">
        Started {dayText(delivery.started_at)}
        {delivery.status === 'posted' && delivery.posted_at
          ? ` · Posted ${dayText(delivery.posted_at)}`
          : ''}
      </p>
      {open && !online ? (
        <p className="purchasing-note" role="status">
          {PURCHASING_TEXT.offlineReceiving}
        </p>
      ) : null}
      {open && onDevice?.postWaiting ? (
        <p className="purchasing-note purchasing-note--warning" role="status">
          {PURCHASING_TEXT.postQueued}
        </p>
      ) : null}
      {open && catalogueNote ? (
        <p className="purchasing-note" role="status">
          {catalogueNote}
        </p>
      ) : null}
      {open ? (
        <>
          <ScanField
            handle={codeRef}
            label="Scan or search"
            placeholder="Bottle or case barcode, SKU or name"
            submitLabel="Add"
            value={code}
            onChange={setCode}
            onScan={(text) => void find(text)}
          />
          {choices !== null ? (
            choices.length === 0 ? (
              <p className="purchasing-note" role="status">
                {SCAN_TEXT.notFound}
              </p>
            ) : (
              <ul className="product-choices" aria-label={SCAN_TEXT.matches}>
                {choices.map((match) => (
                  <li key={`${match.item.id}-${match.asCase}`}>
                    <button
                      type="button"
                      className="product-choice"
                      onClick={() => void take(match)}
                    >
                      <span>{itemName(match.item)}</span>
                      <span className="product-choice__meta">
                        {match.asCase ? `A case of ${match.units}` : 'One bottle'}
                        {match.item.sku ? ` · ${match.item.sku}` : ''}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )
          ) : null}
          <p className="purchasing-said" role="status">
            {said ?? ''}
          </p>
        </>
      ) : null}
      <ReceivingLines
        rows={rows}
        open={open}
        hereOf={hereOf}
        onCount={(item, received, damaged) => void count(item, received, damaged)}
        costs={typed.costs}
        onCost={(productId, text) => typeInvoice({ costs: { ...typed.costs, [productId]: text } })}
        canEditCatalogue={canEditCatalogue}
        writes={writes}
      />
      <form className="receiving-invoice" noValidate onSubmit={submitInvoice} aria-label="Invoice">
        <h3 className="purchasing-section__subtitle">Invoice</h3>
        <div className="receiving-invoice__fields">
          <label className="field">
            <span className="field__label">Invoice number</span>
            <input
              className="field__input"
              value={typed.number}
              disabled={!open}
              autoComplete="off"
              onChange={(event) => typeInvoice({ number: event.target.value })}
            />
          </label>
          <label className="field">
            <span className="field__label">Invoice date</span>
            <input
              className="field__input"
              type="date"
              value={typed.date}
              disabled={!open}
              onChange={(event) => typeInvoice({ date: event.target.value })}
            />
          </label>
          <label className="field">
            <span className="field__label">Freight</span>
            <input
              className="field__input"
              inputMode="decimal"
              value={typed.freight}
              disabled={!open}
              autoComplete="off"
              placeholder="0.00"
              onChange={(event) => typeInvoice({ freight: event.target.value })}
            />
          </label>
          <label className="field">
            <span className="field__label">Invoice total (incl. GST)</span>
            <input
              className="field__input"
              inputMode="decimal"
              value={typed.total}
              disabled={!open}
              autoComplete="off"
              onChange={(event) => typeInvoice({ total: event.target.value })}
            />
          </label>
        </div>
        <dl className="facts receiving-invoice__check">
          <div className="facts__row">
            <dt>Lines</dt>
            <dd>{formatCents(preview.linesCents)}</dd>
          </div>
          <div className="facts__row">
            <dt>Freight</dt>
            <dd>
              {formatCents(
                'invoice' in invoice ? invoice.invoice.freight_cents : delivery.freight_cents,
              )}
            </dd>
          </div>
          <div className="facts__row">
            <dt>GST</dt>
            <dd>{formatCents(preview.gstCents)}</dd>
          </div>
          <div className="facts__row">
            <dt>Lines, freight and GST</dt>
            <dd>{formatCents(preview.expectedCents)}</dd>
          </div>
        </dl>
        {preview.differenceCents !== null && preview.differenceCents !== 0 ? (
          <p className="purchasing-note purchasing-note--warning" role="status">
            {PURCHASING_TEXT.mismatch(preview.differenceCents)}
          </p>
        ) : preview.differenceCents === 0 ? (
          <p className="purchasing-note purchasing-note--good" role="status">
            {PURCHASING_TEXT.addsUp}
          </p>
        ) : null}
        {delivery.status === 'posted' && delivery.difference_cents ? (
          <p className="purchasing-note purchasing-note--warning">
            {PURCHASING_TEXT.postedMismatch(delivery.difference_cents)}
          </p>
        ) : null}
        {problem ? (
          <p className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        {open ? (
          <div className="purchasing-actions">
            <button type="submit" className="button button--secondary" disabled={!invoiceDirty}>
              Save invoice
            </button>
            {canPost ? (
              <button
                type="button"
                className="button button--primary"
                disabled={busy || !cameAny || onDevice?.postWaiting}
                onClick={() => void post(false)}
              >
                Post delivery
              </button>
            ) : null}
          </div>
        ) : null}
        {open && !canPost ? <p className="purchasing-note">{PURCHASING_TEXT.staffPost}</p> : null}
        {open && canPost && !cameAny ? (
          <p className="purchasing-note">{PURCHASING_TEXT.nothingToPost}</p>
        ) : null}
      </form>
      {askingMismatch && preview.differenceCents !== null ? (
        <div className="purchasing-confirm" role="alertdialog" aria-labelledby={`${id}-mismatch`}>
          <p id={`${id}-mismatch`}>
            {PURCHASING_TEXT.mismatch(preview.differenceCents)} {PURCHASING_TEXT.postAnywayQuestion}
          </p>
          <div className="purchasing-actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setAskingMismatch(false)}
            >
              Check the invoice
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void post(true)}
            >
              {PURCHASING_TEXT.postAnyway}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

const percent = (value: number | null) => (value === null ? '—' : formatPercent(value, 1));
const cents = (value: number | null) => (value === null ? '—' : formatCents(value));

function ReceivingLines({
  rows,
  open,
  hereOf,
  onCount,
  costs,
  onCost,
  canEditCatalogue,
  writes,
}: {
  rows: readonly ReceivingRow[];
  open: boolean;
  hereOf: (productId: number) => { received: number; damaged: number };
  onCount: (item: InventoryItem, received: number, damaged: number) => void;
  costs: Record<number, string>;
  onCost: (productId: number, text: string) => void;
  canEditCatalogue: boolean;
  writes: ReturnType<typeof useCatalogueWrites>;
}) {
  if (rows.length === 0) {
    return (
      <p className="purchasing-note">Nothing scanned yet. Scan a bottle or a case to start.</p>
    );
  }
  return (
    <div className="detail-table-wrap">
      <table className="detail-table purchasing-table receiving-lines">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Ordered</th>
            <th scope="col">Received</th>
            {open ? <th scope="col">Received here</th> : null}
            <th scope="col">{open ? 'Damaged here' : 'Damaged'}</th>
            <th scope="col">Line cost (ex GST)</th>
            <th scope="col">LUC</th>
            <th scope="col">Margin</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ReceivingLine
              key={row.productId}
              row={row}
              open={open}
              here={hereOf(row.productId)}
              onCount={onCount}
              cost={costs[row.productId] ?? ''}
              onCost={(text) => onCost(row.productId, text)}
              canEditCatalogue={canEditCatalogue}
              writes={writes}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const wholeUnits = (text: string) => typedUnits(text, 0, MAX_DELIVERY_UNITS);

function ReceivingLine({
  row,
  open,
  here,
  onCount,
  cost,
  onCost,
  canEditCatalogue,
  writes,
}: {
  row: ReceivingRow;
  open: boolean;
  here: { received: number; damaged: number };
  onCount: (item: InventoryItem, received: number, damaged: number) => void;
  cost: string;
  onCost: (text: string) => void;
  canEditCatalogue: boolean;
  writes: ReturnType<typeof useCatalogueWrites>;
}) {
  const name = row.item ? itemName(row.item) : row.name;
  const [received, setReceived] = useState(String(here.received));
  const [damaged, setDamaged] = useState(String(here.damaged));
  const [vintage, setVintage] = useState<string | null>(null);
  const [vintageError, setVintageError] = useState<string | null>(null);
  const [unitsError, setUnitsError] = useState(false);
  useEffect(() => setReceived(String(here.received)), [here.received]);
  useEffect(() => setDamaged(String(here.damaged)), [here.damaged]);

  function commit() {
    const item = row.item;
    if (!item) return;
    const good = wholeUnits(received);
    const broken = wholeUnits(damaged);
    if (good === null || broken === null) {
      setUnitsError(true);
      return;
    }
    setUnitsError(false);
    if (good !== here.received || broken !== here.damaged) onCount(item, good, broken);
  }

  async function addVintage(event: FormEvent) {
    event.preventDefault();
    const item = row.item;
    if (!item || vintage === null) return;
    const errors = await writes.duplicate(item, { name: item.product, vintage: vintage.trim() });
    if (errors) {
      setVintageError(Object.values(errors)[0] ?? 'Enter a year from 1800 to 2100, or NV');
      return;
    }
    showToast(PURCHASING_TEXT.vintageMade(`${item.product} ${vintage.trim()}`), 'success');
    setVintage(null);
  }

  const margin = row.margin;
  // The units the invoice bills on this line: what came, good or broken.
  const billed = row.received + row.damaged;
  const over = row.ordered !== null && row.received > row.ordered;
  return (
    <>
      <tr
        className={margin?.beyond ? 'receiving-line--flagged' : undefined}
        data-product-id={row.productId}
      >
        <th scope="row" className="receiving-line__name">
          {name}
          {open && canEditCatalogue && row.item && vintage === null ? (
            <button
              type="button"
              className="button button--link receiving-line__vintage"
              onClick={() => setVintage('')}
            >
              {PURCHASING_TEXT.newVintage}
            </button>
          ) : null}
        </th>
        <td>{row.ordered ?? '—'}</td>
        <td>
          {row.received}
          {open && row.damaged > 0 ? (
            <span className="receiving-line__damaged"> + {row.damaged} damaged</span>
          ) : null}
          {over ? (
            <span className="receiving-line__over">
              {' '}
              (+{row.received - (row.ordered ?? 0)} over)
            </span>
          ) : null}
        </td>
        {open ? (
          <td>
            <input
              className="field__input receiving-line__units"
              inputMode="numeric"
              autoComplete="off"
              aria-label={`Received here of ${name}`}
              aria-invalid={unitsError ? true : undefined}
              value={received}
              disabled={!row.item}
              onChange={(event) => setReceived(event.target.value)}
              onBlur={commit}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commit();
              }}
            />
          </td>
        ) : null}
        <td>
          {open ? (
            <input
              className="field__input receiving-line__units"
              inputMode="numeric"
              autoComplete="off"
              aria-label={`Damaged here of ${name}`}
              aria-invalid={unitsError ? true : undefined}
              value={damaged}
              disabled={!row.item}
              onChange={(event) => setDamaged(event.target.value)}
              onBlur={commit}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commit();
              }}
            />
          ) : (
            row.damaged
          )}
        </td>
        <td>
          {open ? (
            <input
              className="field__input receiving-line__cost"
              inputMode="decimal"
              autoComplete="off"
              aria-label={`Line cost of ${name}`}
              // What the line counts as costing until its cost is typed: the order's.
              placeholder={centsText(row.costCents) || '0.00'}
              value={cost}
              onChange={(event) => onCost(event.target.value)}
            />
          ) : (
            cents(row.lineCents)
          )}
          {billed > 0 && row.costCents !== null ? (
            <span className="receiving-line__each">
              {formatCents(Math.round(row.costCents / billed))} each
            </span>
          ) : null}
        </td>
        <td>
          {row.lucBeforeCents === null
            ? '—'
            : `${cents(row.lucBeforeCents)} → ${cents(row.lucAfterCents)}`}
        </td>
        <td>
          {margin ? (
            <span className={margin.beyond ? 'receiving-line__margin--flagged' : undefined}>
              {percent(margin.beforePercent)} → {percent(margin.afterPercent)}
            </span>
          ) : (
            '—'
          )}
        </td>
      </tr>
      {unitsError ? (
        <tr>
          <td colSpan={8} className="field__error" role="alert">
            Enter a whole number of units from 0 to {MAX_DELIVERY_UNITS.toLocaleString('en')}
          </td>
        </tr>
      ) : null}
      {(margin?.beyond && row.item && margin.keepingPrice !== null) || vintage !== null ? (
        <tr className="receiving-line__actions-row">
          <td colSpan={8}>
            <div className="purchasing-actions">
              {margin?.beyond && row.item && margin.keepingPrice !== null ? (
                <UpdatePrice
                  item={row.item}
                  price={margin.keepingPrice}
                  marginPercent={margin.beforePercent}
                  canEdit={canEditCatalogue}
                  writes={writes}
                />
              ) : null}
              {vintage !== null ? (
                <form
                  className="receiving-vintage"
                  noValidate
                  onSubmit={(event) => void addVintage(event)}
                >
                  <label className="field__label" htmlFor={`vintage-${row.productId}`}>
                    New vintage of {row.item?.product}
                  </label>
                  <input
                    id={`vintage-${row.productId}`}
                    className="field__input receiving-line__units"
                    placeholder="2024 or NV"
                    value={vintage}
                    aria-invalid={vintageError ? true : undefined}
                    onChange={(event) => {
                      setVintage(event.target.value);
                      setVintageError(null);
                    }}
                  />
                  <button type="submit" className="button button--secondary">
                    Add vintage
                  </button>
                  <button
                    type="button"
                    className="button button--link"
                    onClick={() => setVintage(null)}
                  >
                    Cancel
                  </button>
                  {vintageError ? (
                    <span className="field__error" role="alert">
                      {vintageError}
                    </span>
                  ) : null}
                </form>
              ) : null}
            </div>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** 'Update the list price': the price that keeps the old margin, saved as any edit of the product. */
function UpdatePrice({
  item,
  price,
  marginPercent,
  canEdit,
  writes,
}: {
  item: InventoryItem;
  price: number;
  marginPercent: number | null;
  canEdit: boolean;
  writes: ReturnType<typeof useCatalogueWrites>;
}) {
  const [done, setDone] = useState(false);
  if (item.listPrice === price || done) {
    return <span className="purchasing-note">List price {formatCurrency(price)}</span>;
  }
  return (
    <span className="receiving-price">
      <span className="receiving-price__text">
        {PURCHASING_TEXT.keepingPrice(formatCurrency(price), percent(marginPercent))}
      </span>
      {canEdit ? (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() =>
            void writes.edit(item, { list_price: price.toFixed(2) }).then((errors) => {
              if (errors) showToast(Object.values(errors)[0] ?? 'The price was not saved', 'error');
              else {
                setDone(true);
                showToast(`${itemName(item)}: list price ${formatCurrency(price)}`, 'success');
              }
            })
          }
        >
          {PURCHASING_TEXT.updatePrice}
        </button>
      ) : null}
    </span>
  );
}
