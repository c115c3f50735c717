import { useQuery } from '@tanstack/react-query';
import { Minus, PauseCircle, Percent, Plus, Star, Trash2, XCircle } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useCustomerOrders } from '#data/hooks/use-customer-orders.ts';
import { useAccountEntries, useCustomers } from '#data/hooks/use-customers.ts';
import { useLocalCatalogue } from '#data/hooks/use-local-catalogue.ts';
import { useCan, useSignedInUser } from '#data/hooks/use-permissions.ts';
import {
  useOpenShift,
  useParkedSales,
  useStoredPaymentSettings,
  useStoredTill,
  useUnsentSales,
} from '#data/hooks/use-stored.ts';
import type { ApprovalOutcome } from '#data/repositories/approvals.ts';
import { refreshCatalogue } from '#data/repositories/catalogue.ts';
import { depositHeld } from '#data/repositories/customer-accounts.ts';
import { keepBasket, openBasket } from '#data/repositories/open-basket.ts';
import { parkSale, unparkSale } from '#data/repositories/parked-sales.ts';
import {
  changePaymentSettings,
  paymentSettingsQuery,
} from '#data/repositories/payment-settings.ts';
import { recordSale, saleLinesOf, shelfCentsOf, unsellable } from '#data/repositories/sales.ts';
import { ensureTill, TILL_TEXT } from '#data/repositories/tills.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import { type CustomerOrder, RESERVING } from '#domains/customer-orders/customer-order.ts';
import { availableOnAccount, balanceOf } from '#domains/customers/account.ts';
import { customerOfMemberNumber } from '#domains/customers/customer-list.ts';
import { codeIndex, lookUpScan } from '#domains/products/lookup.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { PIN_MESSAGES } from '#domains/sales/approval.ts';
import { centsOf, formatCents, needsApproval, parseCents, settle } from '#domains/sales/money.ts';
import {
  DEFAULT_PAYMENT_SETTINGS,
  MAX_FAVOURITES,
  PAYMENT_MESSAGES,
  type PaymentSettings,
  tagDiscountOf,
} from '#domains/sales/payment-settings.ts';
import { discountGiven, type Sale, tenderName, tendersOf, totalsOf } from '#domains/sales/sale.ts';
import { plural } from '#shared/words.ts';
import { PageHeader } from '#ui/page-header.tsx';
import {
  accountRoomOf,
  addItem,
  type Basket,
  basketOfOrder,
  changeLine,
  choiceKey,
  choiceLabel,
  discountText,
  EMPTY_BASKET,
  keptLines,
  linesOfKept,
  type Payment,
  paidSoFar,
  setQuantity,
  tenderChoices,
  withCustomer,
  withoutCustomer,
} from '../basket.ts';
import { AbnRequest } from './abn-request.tsx';
import { ApprovalDialog } from './approval-dialog.tsx';
import { DiscountEditor } from './discount-editor.tsx';
import { Receipt, type ReceiptContent } from './receipt.tsx';
import { ReturnsPanel } from './returns-panel.tsx';
import { SaleCustomerBar } from './sale-customer.tsx';
import { ShiftPanel } from './shift-panel.tsx';
import './pos.css';
import { itemName } from '#domains/products/display-name.ts';
import { Field } from '#ui/field.tsx';
import { MoneyInput } from '#ui/money-input.tsx';

/**
 * The sale screen (beyond the spec's prototype, whose POS was empty): find a product by scanning
 * or typing (Enter adds the first match; a code several products share asks which), adjust
 * quantities, prices and discounts (a discount past the staff limit asks a manager's PIN), take
 * payment in one tender or several (card, other tenders, then cash with change, rounded as
 * Payment & Tax says), park a sale and resume it, and complete: the sale is queued with the
 * till's next receipt number and works offline once this tablet has its till code. The receipt
 * shows on screen with its barcode and prints on an 80 mm roll.
 */
export const POS_TEXT = {
  title: 'POS',
  search: 'Scan or search a product',
  empty: 'Scan a bottle or search to start a sale.',
  noMatch: (text: string) => `No product matches "${text}".`,
  sharedCode: (count: number) => `This code is on ${count} products: choose which.`,
  cashGiven: 'Cash given',
  cashInvalid: 'Enter the cash given, such as 50 or 20.50',
  amountInvalid: 'Enter the amount, such as 20 or 12.50',
  overpaid: 'A card or other tender pays no more than is left to pay',
  short: (cents: number) => `${formatCents(cents)} still to pay`,
  complete: 'Complete sale',
  addPayment: 'Add payment',
  park: 'Park sale',
  clear: 'Clear',
  parked: (count: number) => `Parked (${count})`,
  unsent: (count: number) => `${plural(count, 'sale')} not yet sent`,
  gettingTill: 'Getting this tablet’s till number...',
  needsCatalogue: 'The POS needs the catalogue from one online visit on this device.',
  noFavourites: 'Star products you sell often (☆ beside a match) to keep them one tap away.',
  otherOrder: 'This sale completes another customer order: complete, park or clear it first.',
  missingOrder: (count: number) =>
    `${plural(count, 'product')} of the order ${count === 1 ? 'is' : 'are'} not in this device’s catalogue.`,
  orderClosed: 'That order has been handed over or cancelled already.',
  orderUnknown: 'That order is not on this device yet: open it again once it has synced.',
  accountRoom: (cents: number) => `The account has ${formatCents(cents)} available`,
  memberFound: (name: string) => `Member card of ${name}: attached to the sale.`,
  missingParked: (count: number) =>
    `${plural(count, 'product')} of the parked sale ${count === 1 ? 'is' : 'are'} no longer in the catalogue.`,
} as const;

const MODE_LABELS = { sale: 'Sale', returns: 'Returns', shift: 'Shift' } as const;

/** An approval the dialog gave: checked by the server, or to be checked when the sale arrives. */
type Given = Exclude<ApprovalOutcome, { status: 'refused' }>;

/** What is on the shelf: below 0 when tablets sold more than was counted (each keeps its sale). */
function FavouriteToggle({
  name,
  on,
  onToggle,
}: {
  name: string;
  on: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={`button button--secondary button--small pos__star${on ? ' pos__star--on' : ''}`}
      aria-pressed={on}
      aria-label={on ? `Remove ${name} from favourites` : `Add ${name} to favourites`}
      onClick={onToggle}
    >
      <Star size={16} aria-hidden="true" fill={on ? 'currentColor' : 'none'} />
    </button>
  );
}

function StockNote({ stock }: { stock: number }) {
  return (
    <span className={`pos__match-stock${stock <= 0 ? ' pos__match-stock--out' : ''}`}>
      {stock <= 0 ? `Out of stock (${stock})` : `${stock} in stock`}
    </span>
  );
}

export function PosPage({
  orderId,
  onOrderRung,
}: {
  /** A customer order to ring up and complete (from its page, or the address). */
  orderId?: string | undefined;
  /** The order was rung up (or could not be): the address forgets it. */
  onOrderRung?: () => void;
} = {}) {
  const id = useId();
  const online = useOnline();
  const user = useSignedInUser();
  const businessId = user?.businessId;
  // Managers and owners: any discount, and refunds.
  const canGiveAnyDiscount = useCan('sales.refund');
  const catalogue = useLocalCatalogue();
  const { items } = catalogue;
  const till = useStoredTill(businessId);
  const unsent = useUnsentSales();
  const parked = useParkedSales(businessId) ?? [];
  useQuery({ ...paymentSettingsQuery(businessId ?? ''), enabled: Boolean(businessId) });
  const storedSettings = useStoredPaymentSettings(businessId);
  const settings: PaymentSettings = storedSettings?.settings ?? DEFAULT_PAYMENT_SETTINGS;
  const approvers = storedSettings?.approvers ?? [];
  const approvalKey = storedSettings?.approval_key;
  // Who the receipts are from; before the till first heard, the name the session knows.
  const shop = storedSettings?.shop ?? {
    name: user?.businessName ?? '',
    tax_number: '',
    address: '',
    phone: '',
    time_zone: '',
  };
  const canArrange = useCan('sales.settings');

  const [tillProblem, setTillProblem] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [basket, setBasketState] = useState<Basket>(EMPTY_BASKET);
  /** A manager's approval of the basket as it stands, and the sale's id it was sealed for. */
  const [approved, setApproved] = useState<Given | null>(null);
  const [saleId, setSaleId] = useState(() => crypto.randomUUID());
  const [choice, setChoice] = useState<string>('cash');
  const [given, setGiven] = useState('');
  const [amount, setAmount] = useState('');
  const [approvalCode, setApprovalCode] = useState('');
  const [editing, setEditing] = useState<number | 'sale' | null>(null);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [done, setDone] = useState<ReceiptContent | null>(null);
  const [mode, setMode] = useState<'sale' | 'returns' | 'shift'>('sale');
  const shift = useOpenShift(businessId);
  // The shop's customers: a member card scanned attaches its holder; an attached customer's
  // account (its limit here, its balance from the entries this device knows) offers the
  // Account tender while it has room.
  const customers = useCustomers();
  const attached = basket.customer
    ? customers?.find((each) => each.id === basket.customer?.id)
    : undefined;
  const accountEntries = useAccountEntries(basket.customer?.id);
  const accountBalance = balanceOf(accountEntries ?? []);
  const accountAvailable = availableOnAccount(
    attached?.account_limit_cents ?? null,
    accountBalance,
  );
  const accountRoom = accountRoomOf(accountAvailable, basket.payments);
  const choices = tenderChoices(settings, accountRoom > 0);

  // Any change to what is sold takes back an approval given for what it was.
  function setBasket(change: (current: Basket) => Basket) {
    setBasketState(change);
    setApproved(null);
    setProblem(null);
  }

  // The basket of a reload, a crash or the last sign-in of this person comes back as it was,
  // once the products are on hand; from then on every change is kept.
  const [reopened, setReopened] = useState(false);
  useEffect(() => {
    if (reopened || !businessId || !catalogue.loaded) return;
    let current = true;
    openBasket(businessId).then(
      (kept) => {
        if (!current) return;
        setReopened(true);
        if (!kept) return;
        const { lines: reopenedLines, missing } = linesOfKept(kept.lines, items);
        if (missing > 0) setNote(POS_TEXT.missingParked(missing));
        // Scans made while it was read stay; they are what is being sold now.
        setBasketState((now) =>
          now.lines.length === 0 && now.payments.length === 0
            ? {
                lines: reopenedLines,
                discount: kept.discount,
                payments: kept.payments,
                customer: kept.customer,
                order: kept.order,
                tagDiscount: kept.tagDiscount,
              }
            : now,
        );
      },
      () => setReopened(true),
    );
    return () => {
      current = false;
    };
  }, [reopened, businessId, catalogue.loaded, items]);
  useEffect(() => {
    if (!reopened || !businessId) return;
    keepBasket(businessId, {
      lines: keptLines(basket.lines),
      ...(basket.discount ? { discount: basket.discount } : {}),
      payments: basket.payments,
      ...(basket.customer ? { customer: basket.customer } : {}),
      ...(basket.order ? { order: basket.order } : {}),
      ...(basket.tagDiscount ? { tagDiscount: basket.tagDiscount } : {}),
    }).catch(() => {});
  }, [reopened, businessId, basket]);

  // An order opened from its page comes into the basket once the basket and catalogue are read.
  const orders = useCustomerOrders();
  useEffect(() => {
    if (!orderId || !reopened || !catalogue.loaded || orders === undefined) return;
    const order = orders.find((each) => each.id === orderId);
    if (order) void completeOrder(order);
    else setNote(POS_TEXT.orderUnknown);
    onOrderRung?.();
  });

  // The till code is asked for once, online; offline without one the screen says what it needs.
  useEffect(() => {
    if (!businessId || till !== null || !online) return;
    ensureTill(businessId).then(
      () => setTillProblem(null),
      () => setTillProblem(TILL_TEXT.needsTill),
    );
  }, [businessId, till, online]);

  // The products sold are looked up on this device: fetched first if it never held them, and at
  // once when the connection comes back. What other tills sell meanwhile arrives through the
  // live updates (app/live-updates.tsx).
  useEffect(() => {
    if (online) refreshCatalogue({ force: true }).catch(() => {});
  }, [online]);

  const ready = Boolean(till);
  const selected = choices.find((option) => choiceKey(option) === choice) ?? choices[0];
  // Built once per catalogue: a scan then finds its product without reading 50,000 of them.
  const codes = useMemo(() => codeIndex(items), [items]);
  const found = useMemo(
    () => (query.trim() ? lookUpScan(items, query, 8, codes) : null),
    [items, query, codes],
  );
  const matches = found && (found.kind === 'code' || found.kind === 'search') ? found.items : [];
  const shared = found?.kind === 'code' && found.items.length > 1;
  const lines = saleLinesOf(basket.lines);
  const totals = totalsOf({ lines, discount: basket.discount });
  const paid = paidSoFar(basket.payments);
  const left = Math.max(totals.totalCents - paid, 0);
  const givenCents = parseCents(given);
  const pendingTenders: Sale['tenders'] = [
    ...basket.payments,
    ...(selected?.kind === 'cash' ? [{ kind: 'cash' as const, given_cents: givenCents ?? 0 }] : []),
  ];
  const settlement = settle(
    totals.totalCents,
    tendersOf({ tenders: pendingTenders }),
    settings.cashStepCents,
  );
  const discount = discountGiven({ lines, discount: basket.discount });
  // A customer's tag discount is within what anyone may give them (the server's rule too).
  const limit = Math.max(settings.discountLimitPercent, basket.tagDiscount?.percent ?? 0);
  const overLimit = !canGiveAnyDiscount && needsApproval(discount, limit);

  // The favourites grid, in the order they were starred; products since deleted drop out.
  const favourites = useMemo(() => {
    const byId = new Map(items.map((item) => [item.id, item]));
    return settings.favourites.flatMap((id) => {
      const item = byId.get(id);
      return item ? [item] : [];
    });
  }, [items, settings.favourites]);

  async function toggleFavourite(productId: number) {
    if (!businessId) return;
    const next = settings.favourites.includes(productId)
      ? settings.favourites.filter((id) => id !== productId)
      : [...settings.favourites, productId];
    if (next.length > MAX_FAVOURITES) {
      setNote(PAYMENT_MESSAGES.favourites);
      return;
    }
    await changePaymentSettings(businessId, { favourites: next });
  }

  function add(item: InventoryItem) {
    setDone(null);
    setNote(null);
    setBasket((current) => addItem(current, item));
    setQuery('');
    focus('search');
  }

  function focus(suffix: string) {
    document.getElementById(`${id}-${suffix}`)?.focus();
  }

  function clear() {
    setBasket(() => EMPTY_BASKET);
    setGiven('');
    setAmount('');
    setNote(null);
    focus('search');
  }

  // The scan field is where a scanner types: it has the focus when the till opens, and a key
  // typed while a button has it (a tap on + or a favourite) goes there instead of to the page.
  const scanFieldId = `${id}-search`;
  useEffect(() => {
    if (ready && mode === 'sale') document.getElementById(scanFieldId)?.focus();
  }, [ready, mode, scanFieldId]);
  useEffect(() => {
    if (!ready || mode !== 'sale') return;
    const toScanField = (event: globalThis.KeyboardEvent) => {
      // Printable keys only; Space still presses the button it is on.
      if (event.key.length !== 1 || event.key === ' ') return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const at = event.target instanceof Element ? event.target : null;
      if (at?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      document.getElementById(scanFieldId)?.focus();
    };
    document.addEventListener('keydown', toScanField, true);
    return () => document.removeEventListener('keydown', toScanField, true);
  }, [ready, mode, scanFieldId]);

  // A scanner types the code and Enter; Enter on an empty field goes on to paying (the cash
  // given, or the amount of another tender), so a keyboard alone completes a sale.
  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      const [first] = matches;
      const member = matches.length === 0 ? customerOfMemberNumber(customers ?? [], query) : null;
      if (first && !shared) add(first);
      else if (member) {
        // A member card: its holder is the sale's customer, with any discount their tags give.
        setBasket((current) =>
          current.order
            ? current
            : withCustomer(
                current,
                { id: member.id, name: member.name },
                tagDiscountOf(member.tags, settings.tagDiscounts),
              ),
        );
        setQuery('');
        setNote(basket.order ? POS_TEXT.otherOrder : POS_TEXT.memberFound(member.name));
      } else if (!query.trim() && basket.lines.length > 0) {
        focus(selected?.kind === 'cash' ? 'given' : 'amount');
      } else if (query.trim() && matches.length === 0) {
        // A misread code stays to be read, selected: the next scan replaces it.
        event.currentTarget.select();
      }
    } else if (event.key === 'Escape') {
      setQuery('');
    }
  }

  /** The card or other tender typed, as a payment; null with the reason when it is not one. */
  function typedPayment(): { payment: Payment | null; problem?: string } {
    if (!selected || selected.kind === 'cash') return { payment: null };
    const cents = amount.trim() === '' ? left : parseCents(amount);
    if (cents === null || cents <= 0) return { payment: null, problem: POS_TEXT.amountInvalid };
    if (cents > left) return { payment: null, problem: POS_TEXT.overpaid };
    if (selected.kind === 'account' && cents > accountRoom) {
      return { payment: null, problem: POS_TEXT.accountRoom(accountRoom) };
    }
    return {
      payment:
        selected.kind === 'card'
          ? {
              kind: 'card',
              cents,
              ...(approvalCode.trim() ? { approval: approvalCode.trim() } : {}),
            }
          : selected.kind === 'account'
            ? { kind: 'account', cents }
            : { kind: 'other', label: selected.label, cents },
    };
  }

  function addPayment() {
    const typed = typedPayment();
    if (!typed.payment) {
      setProblem(typed.problem ?? null);
      return;
    }
    const payment = typed.payment;
    setBasketState((current) => ({ ...current, payments: [...current.payments, payment] }));
    setAmount('');
    setApprovalCode('');
    setProblem(null);
    // What is left is most often paid in cash.
    if (settings.cash) setChoice('cash');
  }

  async function complete(event?: FormEvent, approval: Given | null = approved) {
    event?.preventDefault();
    if (!businessId || basket.lines.length === 0 || !selected) return;
    const local = unsellable(basket.lines);
    if (local) {
      setProblem(local);
      return;
    }
    if (overLimit && !approval) {
      setAsking(true);
      return;
    }
    let tenders: Sale['tenders'] = basket.payments;
    if (selected.kind === 'cash') {
      if (givenCents === null && left > 0) {
        setProblem(POS_TEXT.cashInvalid);
        return;
      }
      tenders = [...tenders, { kind: 'cash', given_cents: givenCents ?? 0 }];
    } else if (left > 0) {
      const typed = typedPayment();
      if (!typed.payment) {
        setProblem(typed.problem ?? null);
        return;
      }
      tenders = [...tenders, typed.payment];
    }
    const final = settle(totals.totalCents, tendersOf({ tenders }), settings.cashStepCents);
    if (final.shortCents > 0) {
      setProblem(POS_TEXT.short(final.shortCents));
      return;
    }
    try {
      const sale = await recordSale(
        {
          id: saleId,
          lines: basket.lines,
          discount: basket.discount,
          tenders,
          cashStep: settings.cashStepCents,
          approval: approval?.approval,
          customerId: basket.customer?.id,
          orderId: basket.order?.id,
        },
        businessId,
      );
      setDone({
        sale,
        customer: basket.customer?.name,
        order: basket.order,
        names: Object.fromEntries(basket.lines.map((line) => [line.item.id, itemName(line.item)])),
        settlement: final,
        shop,
        header: settings.receiptHeader,
        footer: settings.receiptFooter,
        approvedBy: approval?.approver.name,
        approvalPending: approval?.status === 'pending',
      });
      setBasketState(EMPTY_BASKET);
      setApproved(null);
      setSaleId(crypto.randomUUID());
      setGiven('');
      setAmount('');
      setApprovalCode('');
      setProblem(null);
      setEditing(null);
      // Ready for the next customer's first scan.
      focus('search');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  async function park() {
    if (!businessId || basket.lines.length === 0) return;
    const [first] = basket.lines;
    await parkSale(businessId, {
      label: `${first ? itemName(first.item) : ''}${basket.lines.length > 1 ? ` and ${plural(basket.lines.length - 1, 'other')}` : ''}`,
      lines: keptLines(basket.lines),
      ...(basket.discount ? { discount: basket.discount } : {}),
      ...(basket.customer ? { customer: basket.customer } : {}),
      ...(basket.order ? { order: basket.order } : {}),
    });
    setBasket(() => EMPTY_BASKET);
    setGiven('');
    focus('search');
  }

  /** A customer order rung up to complete it: into an empty basket only (it is its own sale). */
  async function completeOrder(order: CustomerOrder) {
    if (!RESERVING.has(order.status)) {
      setNote(POS_TEXT.orderClosed);
      return;
    }
    if (basket.lines.length > 0 && basket.order?.id !== order.id) {
      setNote(POS_TEXT.otherOrder);
      return;
    }
    // A deposit taken for it pays for it first.
    const deposit = await depositHeld(order.customer_id, order.id);
    const { basket: rung, missing } = basketOfOrder(order, items, deposit);
    setDone(null);
    setNote(missing > 0 ? POS_TEXT.missingOrder(missing) : null);
    setBasket(() => rung);
    setGiven('');
    setAmount('');
  }

  async function resume(parkedId: string) {
    if (!businessId) return;
    const waiting = parked.find((each) => each.id === parkedId);
    // Two customer orders are two sales: one completes, or is parked, before the other resumes.
    if (waiting?.order && basket.order && waiting.order.id !== basket.order.id) {
      setNote(POS_TEXT.otherOrder);
      return;
    }
    const sale = await unparkSale(businessId, parkedId);
    if (!sale) return;
    const { lines: resumed, missing } = linesOfKept(sale.lines, items);
    setNote(missing > 0 ? POS_TEXT.missingParked(missing) : null);
    setDone(null);
    // What is in the basket now stays, the parked lines after it.
    setBasket((current) => ({
      ...current,
      lines: [...current.lines, ...resumed],
      discount: current.discount ?? sale.discount,
      customer: current.customer ?? sale.customer,
      order: current.order ?? sale.order,
    }));
  }

  return (
    <>
      <PageHeader
        title={POS_TEXT.title}
        subtitle={
          till
            ? `Till ${till.code}${shift ? ` · Shift open since ${new Date(shift.openedAt).toLocaleTimeString([], { timeStyle: 'short' })}` : ' · No shift open'}`
            : undefined
        }
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
          {tillProblem ?? (online ? POS_TEXT.gettingTill : TILL_TEXT.needsTill)}
        </p>
      ) : catalogue.loaded && !catalogue.held && !online ? (
        <p className="card pos__notice" role="status">
          {POS_TEXT.needsCatalogue}
        </p>
      ) : null}
      {businessId && storedSettings?.shop ? (
        <AbnRequest businessId={businessId} hasAbn={storedSettings.shop.tax_number.trim() !== ''} />
      ) : null}
      <fieldset className="pos__modes">
        <legend className="visually-hidden">POS mode</legend>
        {(['sale', 'returns', 'shift'] as const).map((each) => (
          <button
            key={each}
            type="button"
            className={`button button--small ${mode === each ? 'button--primary' : 'button--secondary'}`}
            aria-pressed={mode === each}
            onClick={() => setMode(each)}
          >
            {MODE_LABELS[each]}
          </button>
        ))}
      </fieldset>
      {mode === 'shift' && businessId ? (
        <ShiftPanel businessId={businessId} shift={shift ?? null} />
      ) : mode === 'returns' && businessId ? (
        <ReturnsPanel
          businessId={businessId}
          canRefund={canGiveAnyDiscount}
          settings={settings}
          shop={shop}
        />
      ) : (
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
            {shared ? (
              <p className="pos__hint" role="status">
                {POS_TEXT.sharedCode(matches.length)}
              </p>
            ) : null}
            <ul className="pos__matches">
              {matches.map((item) => (
                <li key={item.id} className="pos__match-row">
                  <button type="button" className="pos__match" onClick={() => add(item)}>
                    <span className="pos__match-name">{itemName(item)}</span>
                    <span className="pos__match-side">
                      <span className="pos__match-price">
                        {formatCents(centsOf(item.listPrice))}
                      </span>
                      <StockNote stock={item.stock_quantity ?? 0} />
                    </span>
                  </button>
                  {canArrange ? (
                    <FavouriteToggle
                      name={itemName(item)}
                      on={settings.favourites.includes(item.id)}
                      onToggle={() => void toggleFavourite(item.id)}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
            {!query.trim() && favourites.length > 0 ? (
              <div className="pos__favourites">
                <h2 className="pos__subtitle">Favourites</h2>
                <ul className="pos__favourite-grid">
                  {favourites.map((item) => (
                    <li key={item.id}>
                      <button
                        type="button"
                        className="pos__favourite"
                        disabled={!ready}
                        onClick={() => add(item)}
                      >
                        <span className="pos__favourite-name">{itemName(item)}</span>
                        <span className="pos__match-price">
                          {formatCents(centsOf(item.listPrice))}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : !query.trim() && canArrange ? (
              <p className="pos__hint">{POS_TEXT.noFavourites}</p>
            ) : null}
            {parked.length > 0 ? (
              <div className="pos__parked">
                <h2 className="pos__subtitle">{POS_TEXT.parked(parked.length)}</h2>
                <ul className="pos__matches">
                  {parked.map((sale) => (
                    <li key={sale.id}>
                      <button
                        type="button"
                        className="pos__match"
                        onClick={() => void resume(sale.id)}
                      >
                        <span className="pos__match-name">Resume: {sale.label}</span>
                        <span className="pos__hint">
                          {new Date(sale.parkedAt).toLocaleTimeString([], { timeStyle: 'short' })}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </section>
          {done ? (
            <div className="card pos__sale">
              <Receipt
                content={done}
                onNewSale={() => {
                  setDone(null);
                  focus('search');
                }}
              />
            </div>
          ) : (
            <form className="card pos__sale" aria-label="Sale" onSubmit={complete} noValidate>
              {note ? (
                <p className="pos__hint" role="status">
                  {note}
                </p>
              ) : null}
              <SaleCustomerBar
                customer={basket.customer}
                order={basket.order}
                onChoose={(customer, tags) =>
                  setBasket((current) =>
                    withCustomer(current, customer, tagDiscountOf(tags, settings.tagDiscounts)),
                  )
                }
                account={{
                  limitCents: attached?.account_limit_cents ?? null,
                  balanceCents: accountBalance,
                  availableCents: accountAvailable,
                }}
                payment={
                  businessId && basket.lines.length === 0
                    ? {
                        businessId,
                        settings,
                        onTaken: (text) => {
                          setNote(text);
                          focus('search');
                        },
                      }
                    : null
                }
                onRemove={() => setBasket(withoutCustomer)}
                onComplete={(order) => void completeOrder(order)}
              />
              {basket.lines.length === 0 ? (
                <p className="pos__hint">{POS_TEXT.empty}</p>
              ) : (
                <ul className="pos__lines">
                  {basket.lines.map((line, index) => {
                    const name = itemName(line.item);
                    const net = totals.lines[index];
                    const shelf = shelfCentsOf(line);
                    return (
                      <li key={line.item.id} className="pos__line">
                        <span className="pos__line-name">
                          {name}
                          {line.unitCents !== undefined || line.discount ? (
                            <span className="pos__line-note">
                              {line.unitCents !== undefined
                                ? `${formatCents(line.unitCents)} each (shelf ${formatCents(shelf)})`
                                : ''}
                              {line.unitCents !== undefined && line.discount ? ' · ' : ''}
                              {line.discount ? discountText(line.discount, formatCents) : ''}
                            </span>
                          ) : null}
                        </span>
                        <span className="pos__stepper">
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={`One less ${name}`}
                            onClick={() =>
                              setBasket((current) =>
                                setQuantity(current, line.item.id, line.quantity - 1),
                              )
                            }
                          >
                            {line.quantity === 1 ? <Trash2 size={16} /> : <Minus size={16} />}
                          </button>
                          <output aria-label={`Quantity of ${name}`}>{line.quantity}</output>
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-label={`One more ${name}`}
                            onClick={() =>
                              setBasket((current) =>
                                setQuantity(current, line.item.id, line.quantity + 1),
                              )
                            }
                          >
                            <Plus size={16} />
                          </button>
                        </span>
                        <span className="pos__line-total">
                          {formatCents((net?.grossCents ?? 0) - (net?.lineDiscountCents ?? 0))}
                        </span>
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={`Price and discount of ${name}`}
                          aria-expanded={editing === line.item.id}
                          onClick={() => setEditing(editing === line.item.id ? null : line.item.id)}
                        >
                          <Percent size={16} aria-hidden="true" />
                        </button>
                        {editing === line.item.id ? (
                          <div className="pos__line-editor">
                            <DiscountEditor
                              label={`Price and discount of ${name}`}
                              discount={line.discount}
                              price={{ unitCents: line.unitCents ?? shelf, shelfCents: shelf }}
                              onCancel={() => setEditing(null)}
                              onApply={(change) => {
                                setBasket((current) => changeLine(current, line.item.id, change));
                                setEditing(null);
                              }}
                            />
                          </div>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              )}
              <dl className="pos__totals">
                <div className="pos__total">
                  <dt>Total</dt>
                  <dd>{formatCents(totals.totalCents)}</dd>
                </div>
                {totals.discountCents > 0 ? (
                  <div>
                    <dt>Discounts</dt>
                    <dd>-{formatCents(totals.discountCents)}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>GST included</dt>
                  <dd>{formatCents(totals.gstCents)}</dd>
                </div>
                {basket.payments.map((payment, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: payments are only added at the end or removed; two alike are the same row.
                  <div key={`${payment.kind}-${index}`}>
                    <dt>
                      {tenderName(payment)}{' '}
                      <button
                        type="button"
                        className="button button--link pos__remove-payment"
                        onClick={() =>
                          setBasketState((current) => ({
                            ...current,
                            payments: current.payments.filter((_, at) => at !== index),
                          }))
                        }
                      >
                        Remove
                      </button>
                    </dt>
                    <dd>{formatCents(payment.cents)}</dd>
                  </div>
                ))}
                {basket.lines.length > 0 && selected?.kind === 'cash' ? (
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
                ) : basket.payments.length > 0 ? (
                  <div>
                    <dt>Left to pay</dt>
                    <dd>{formatCents(left)}</dd>
                  </div>
                ) : null}
              </dl>
              {basket.lines.length > 0 ? (
                editing === 'sale' ? (
                  <DiscountEditor
                    label="Sale discount"
                    discount={basket.discount}
                    onCancel={() => setEditing(null)}
                    onApply={(change) => {
                      // Set by hand, it is no longer the customer's tag discount.
                      setBasket((current) => ({
                        ...current,
                        discount: change.discount,
                        tagDiscount: undefined,
                      }));
                      setEditing(null);
                    }}
                  />
                ) : (
                  <button
                    type="button"
                    className="button button--link pos__sale-discount"
                    onClick={() => setEditing('sale')}
                  >
                    {basket.discount
                      ? `Sale discount: ${discountText(basket.discount, formatCents)}${basket.tagDiscount ? ` (${basket.tagDiscount.tag})` : ''}`
                      : 'Sale discount'}
                  </button>
                )
              ) : null}
              {overLimit ? (
                <p className="pos__hint" role="status">
                  {approved
                    ? `Discount approved by ${approved.approver.name}${approved.status === 'pending' ? `. ${PIN_MESSAGES.offline}.` : ''}`
                    : `Over the ${settings.discountLimitPercent} % staff limit: a manager approves it at Complete.`}
                </p>
              ) : null}
              <fieldset className="pos__tenders">
                <legend className="field__label">Payment</legend>
                {choices.map((option) => (
                  <label key={choiceKey(option)} className="pos__tender">
                    <input
                      type="radio"
                      name={`${id}-tender`}
                      checked={selected !== undefined && choiceKey(selected) === choiceKey(option)}
                      onChange={() => {
                        setChoice(choiceKey(option));
                        setProblem(null);
                      }}
                    />
                    {choiceLabel(option)}
                    {option.kind === 'card' ? " (the shop's terminal)" : ''}
                  </label>
                ))}
              </fieldset>
              {selected?.kind === 'cash' ? (
                <Field label={POS_TEXT.cashGiven} id={`${id}-given`}>
                  {(control) => (
                    <MoneyInput
                      {...control}
                      aria-invalid={problem === POS_TEXT.cashInvalid ? true : undefined}
                      value={given}
                      onValueChange={(text) => {
                        setGiven(text);
                        setProblem(null);
                      }}
                    />
                  )}
                </Field>
              ) : selected ? (
                <div className="pos__payment-fields">
                  <Field label={`Amount (${formatCents(left)} left to pay)`} id={`${id}-amount`}>
                    {(control) => (
                      <MoneyInput
                        {...control}
                        placeholder={(left / 100).toFixed(2)}
                        aria-invalid={
                          problem === POS_TEXT.amountInvalid || problem === POS_TEXT.overpaid
                            ? true
                            : undefined
                        }
                        value={amount}
                        onValueChange={(text) => {
                          setAmount(text);
                          setProblem(null);
                        }}
                      />
                    )}
                  </Field>
                  {selected.kind === 'card' ? (
                    <Field id={`${id}-approval`} label="Approval code (optional)">
                      {(control) => (
                        <input
                          {...control}
                          className="field__input"
                          maxLength={40}
                          value={approvalCode}
                          onChange={(event) => setApprovalCode(event.target.value)}
                        />
                      )}
                    </Field>
                  ) : null}
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={basket.lines.length === 0 || left === 0}
                    onClick={addPayment}
                  >
                    {POS_TEXT.addPayment}
                  </button>
                </div>
              ) : null}
              {problem ? (
                <p className="field__error" role="alert">
                  {problem}
                </p>
              ) : null}
              <div className="pos__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={basket.lines.length === 0 || basket.payments.length > 0}
                  onClick={() => void park()}
                >
                  <PauseCircle size={16} aria-hidden="true" /> {POS_TEXT.park}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={basket.lines.length === 0 || basket.payments.length > 0}
                  onClick={clear}
                >
                  <XCircle size={16} aria-hidden="true" /> {POS_TEXT.clear}
                </button>
                <button
                  id={`${id}-complete`}
                  type="submit"
                  className="button button--primary pos__complete"
                  disabled={!ready || basket.lines.length === 0}
                >
                  {POS_TEXT.complete}
                </button>
              </div>
            </form>
          )}
        </div>
      )}
      {asking ? (
        <ApprovalDialog
          limit={settings.discountLimitPercent}
          sale={{ id: saleId, lines, discount: basket.discount }}
          approvers={approvers}
          approvalKey={approvalKey}
          onClose={() => setAsking(false)}
          onApproved={(given) => {
            setAsking(false);
            setApproved(given);
            void complete(undefined, given);
          }}
        />
      ) : null}
    </>
  );
}
