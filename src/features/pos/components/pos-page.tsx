import { Minus, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useLocalCatalogue } from '#data/hooks/use-local-catalogue.ts';
import { useSignedInUser } from '#data/hooks/use-permissions.ts';
import { useStoredTill, useUnsentSales } from '#data/hooks/use-stored.ts';
import { refreshCatalogue } from '#data/repositories/catalogue.ts';
import {
  ensureTill,
  recordSale,
  SALE_TEXT,
  saleLinesOf,
  unsellable,
} from '#data/repositories/sales.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import { lookUpScan } from '#domains/products/lookup.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { CASH_STEP_CENTS } from '#domains/sales/constants.ts';
import { centsOf, formatCents, parseCents, settle, type Tender } from '#domains/sales/money.ts';
import { type Sale, totalsOf } from '#domains/sales/sale.ts';
import { plural } from '#shared/words.ts';
import { PageHeader } from '#ui/page-header.tsx';
import './pos.css';

/**
 * The sale screen (beyond the spec's prototype, whose POS was empty): find a product by scanning
 * or typing (Enter adds the first match), adjust quantities, take cash (change worked out, cash
 * rounded to 5 c) or card, and complete: the sale is queued with the till's next receipt number
 * and works offline once this tablet has its till code. Discounts, split tenders, returns,
 * shifts and printing are still to come.
 */
export const POS_TEXT = {
  title: 'POS',
  search: 'Scan or search a product',
  empty: 'Scan a bottle or search to start a sale.',
  noMatch: (text: string) => `No product matches "${text}".`,
  cashGiven: 'Cash given',
  cashInvalid: 'Enter the cash given, such as 50 or 20.50',
  short: (cents: number) => `${formatCents(cents)} still to pay`,
  complete: 'Complete sale',
  newSale: 'New sale',
  unsent: (count: number) => `${plural(count, 'sale')} not yet sent`,
  gettingTill: 'Getting this tablet’s till number...',
  needsCatalogue: 'The POS needs the catalogue from one online visit on this device.',
} as const;

interface CartLine {
  item: InventoryItem;
  quantity: number;
}

export function PosPage() {
  const id = useId();
  const online = useOnline();
  const businessId = useSignedInUser()?.businessId;
  const catalogue = useLocalCatalogue();
  const { items } = catalogue;
  const till = useStoredTill(businessId);
  const unsent = useUnsentSales();
  const [tillProblem, setTillProblem] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [cart, setCart] = useState<CartLine[]>([]);
  const [tender, setTender] = useState<'cash' | 'card'>('cash');
  const [given, setGiven] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ sale: Sale; changeCents: number } | null>(null);

  // The till code is asked for once, online; offline without one the screen says what it needs.
  useEffect(() => {
    if (!businessId || till !== null || !online) return;
    ensureTill(businessId).then(
      () => setTillProblem(null),
      () => setTillProblem(SALE_TEXT.needsTill),
    );
  }, [businessId, till, online]);

  // The products sold are looked up on this device: fetched first if it never held them.
  useEffect(() => {
    if (online) refreshCatalogue().catch(() => {});
  }, [online]);

  const found = useMemo(() => (query.trim() ? lookUpScan(items, query, 8) : null), [items, query]);
  const matches = found && (found.kind === 'code' || found.kind === 'search') ? found.items : [];
  const totals = totalsOf({ lines: saleLinesOf(cart) });
  const givenCents = parseCents(given);
  const tenders: Tender[] =
    tender === 'card'
      ? [{ kind: 'card', cents: totals.totalCents }]
      : [{ kind: 'cash', givenCents: givenCents ?? 0 }];
  const settlement = settle(totals.totalCents, tenders, CASH_STEP_CENTS);

  function add(item: InventoryItem) {
    setDone(null);
    setProblem(null);
    setCart((lines) => {
      const at = lines.findIndex((line) => line.item.id === item.id);
      if (at < 0) return [...lines, { item, quantity: 1 }];
      return lines.map((line, index) =>
        index === at ? { ...line, quantity: line.quantity + 1 } : line,
      );
    });
    setQuery('');
  }

  function setQuantity(productId: number, quantity: number) {
    setCart((lines) =>
      quantity <= 0
        ? lines.filter((line) => line.item.id !== productId)
        : lines.map((line) => (line.item.id === productId ? { ...line, quantity } : line)),
    );
  }

  // A scanner types the code and Enter; Enter on an empty field goes on to paying (the cash
  // given, or Complete for a card), so a keyboard alone completes a sale.
  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      const [first] = matches;
      if (first) add(first);
      else if (!query.trim() && cart.length > 0) {
        document.getElementById(tender === 'cash' ? `${id}-given` : `${id}-complete`)?.focus();
      }
    } else if (event.key === 'Escape') {
      setQuery('');
    }
  }

  async function complete(event: FormEvent) {
    event.preventDefault();
    if (!businessId || cart.length === 0) return;
    const local = unsellable(cart);
    if (local) {
      setProblem(local);
      return;
    }
    if (tender === 'cash' && (givenCents === null || settlement.shortCents > 0)) {
      setProblem(
        givenCents === null ? POS_TEXT.cashInvalid : POS_TEXT.short(settlement.shortCents),
      );
      return;
    }
    try {
      const sale = await recordSale(
        {
          lines: cart,
          tenders:
            tender === 'card'
              ? [{ kind: 'card', cents: totals.totalCents }]
              : [{ kind: 'cash', given_cents: givenCents ?? 0 }],
        },
        businessId,
      );
      setDone({ sale, changeCents: settlement.changeCents });
      setCart([]);
      setGiven('');
      setProblem(null);
      // Ready for the next customer's first scan.
      document.getElementById(`${id}-search`)?.focus();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  const ready = Boolean(till);
  return (
    <>
      <PageHeader
        title={POS_TEXT.title}
        subtitle={till ? `Till ${till.code}` : undefined}
        actions={
          unsent ? (
            <span className="chip chip--pending" role="status">
              {POS_TEXT.unsent(unsent)}
            </span>
          ) : undefined
        }
      />
      {!ready ? (
        <p className="card pos__notice" role="status">
          {tillProblem ?? (online ? POS_TEXT.gettingTill : SALE_TEXT.needsTill)}
        </p>
      ) : catalogue.loaded && !catalogue.held && !online ? (
        <p className="card pos__notice" role="status">
          {POS_TEXT.needsCatalogue}
        </p>
      ) : null}
      <div className="pos">
        <section className="card pos__find" aria-label="Find a product">
          <label className="field__label" htmlFor={`${id}-search`}>
            {POS_TEXT.search}
          </label>
          <input
            id={`${id}-search`}
            className="field__input"
            type="search"
            autoComplete="off"
            value={query}
            disabled={!ready}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onSearchKey}
          />
          {query.trim() && matches.length === 0 ? (
            <p className="pos__hint">{POS_TEXT.noMatch(query.trim())}</p>
          ) : null}
          <ul className="pos__matches">
            {matches.map((item) => (
              <li key={item.id}>
                <button type="button" className="pos__match" onClick={() => add(item)}>
                  <span className="pos__match-name">{item.product}</span>
                  <span className="pos__match-price">{formatCents(centsOf(item.listPrice))}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
        <form className="card pos__sale" aria-label="Sale" onSubmit={complete}>
          {cart.length === 0 ? (
            <p className="pos__hint">{done ? '' : POS_TEXT.empty}</p>
          ) : (
            <ul className="pos__lines">
              {cart.map((line) => (
                <li key={line.item.id} className="pos__line">
                  <span className="pos__line-name">{line.item.product}</span>
                  <span className="pos__stepper">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={`One less ${line.item.product}`}
                      onClick={() => setQuantity(line.item.id, line.quantity - 1)}
                    >
                      {line.quantity === 1 ? <Trash2 size={16} /> : <Minus size={16} />}
                    </button>
                    <output aria-label={`Quantity of ${line.item.product}`}>{line.quantity}</output>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={`One more ${line.item.product}`}
                      onClick={() => setQuantity(line.item.id, line.quantity + 1)}
                    >
                      <Plus size={16} />
                    </button>
                  </span>
                  <span className="pos__line-total">
                    {formatCents(centsOf(line.item.listPrice) * line.quantity)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <dl className="pos__totals">
            <div>
              <dt>Total</dt>
              <dd>{formatCents(totals.totalCents)}</dd>
            </div>
            <div>
              <dt>GST included</dt>
              <dd>{formatCents(totals.gstCents)}</dd>
            </div>
            {tender === 'cash' && cart.length > 0 ? (
              <>
                <div>
                  <dt>To pay in cash</dt>
                  <dd>{formatCents(settlement.cashRoundedCents)}</dd>
                </div>
                {givenCents !== null && settlement.shortCents > 0 ? (
                  <div>
                    <dt>Still to pay</dt>
                    <dd>{formatCents(settlement.shortCents)}</dd>
                  </div>
                ) : (
                  <div>
                    <dt>Change</dt>
                    <dd>{formatCents(settlement.changeCents)}</dd>
                  </div>
                )}
              </>
            ) : null}
          </dl>
          <fieldset className="pos__tenders">
            <legend className="field__label">Payment</legend>
            <label className="pos__tender">
              <input
                type="radio"
                name={`${id}-tender`}
                checked={tender === 'cash'}
                onChange={() => setTender('cash')}
              />
              Cash
            </label>
            <label className="pos__tender">
              <input
                type="radio"
                name={`${id}-tender`}
                checked={tender === 'card'}
                onChange={() => setTender('card')}
              />
              Card (the shop's terminal)
            </label>
          </fieldset>
          {tender === 'cash' ? (
            <div className="field">
              <label className="field__label" htmlFor={`${id}-given`}>
                {POS_TEXT.cashGiven}
              </label>
              <input
                id={`${id}-given`}
                className="field__input"
                inputMode="decimal"
                value={given}
                aria-invalid={problem === POS_TEXT.cashInvalid ? true : undefined}
                onChange={(event) => {
                  setGiven(event.target.value);
                  setProblem(null);
                }}
              />
            </div>
          ) : null}
          {problem ? (
            <p className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
          <button
            id={`${id}-complete`}
            type="submit"
            className="button button--primary pos__complete"
            disabled={!ready || cart.length === 0}
          >
            {POS_TEXT.complete}
          </button>
          {done ? (
            <section className="pos__receipt" aria-label="Receipt">
              <p className="pos__receipt-number">Receipt {done.sale.receipt}</p>
              <p>
                Total {formatCents(done.sale.total_cents)} · GST included{' '}
                {formatCents(done.sale.gst_cents)}
              </p>
              {done.changeCents > 0 ? <p>Change {formatCents(done.changeCents)}</p> : null}
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setDone(null)}
              >
                {POS_TEXT.newSale}
              </button>
            </section>
          ) : null}
        </form>
      </div>
    </>
  );
}
