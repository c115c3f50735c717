import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import * as v from 'valibot';
import { useCan, useSignedInUser } from '#data/hooks/use-permissions.ts';
import { useStoredPaymentSettings } from '#data/hooks/use-stored.ts';
import {
  changePaymentSettings,
  paymentSettingsQuery,
  setApprovalPin,
} from '#data/repositories/payment-settings.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import { ApprovalPinSchema } from '#domains/sales/approval.ts';
import {
  CASH_STEPS,
  type CashStep,
  offersTender,
  PAYMENT_MESSAGES,
  PAYMENT_SETTING_KEYS,
  type PaymentSettings,
  type PaymentSettingsChanges,
  PaymentSettingsChangesSchema,
} from '#domains/sales/payment-settings.ts';
import { firstIssueMessage } from '#shared/validation.ts';
import { PageHeader } from '#ui/page-header.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { showToast } from '#ui/toast.tsx';
import './pos.css';
import { Field } from '#ui/field.tsx';

export const PAYMENT_TEXT = {
  title: 'Payment & Tax',
  subtitle: 'How the POS takes payment, rounds cash and prints receipts.',
  saved: 'Payment & Tax settings saved',
  nothingChanged: 'Nothing has changed.',
  readOnly: 'Only owners and managers change these settings.',
  gst: 'Shelf prices include GST. A receipt shows the GST it contains: 1/11 of the lines whose product carries GST.',
  pinSaved: 'Your approval PIN is set',
  pinOffline: 'Setting a PIN needs the connection.',
  pinHelp:
    'Staff may give discounts up to the limit above. Past it, a manager or owner chooses their name on the tablet and types their approval PIN, which the server checks. Five wrong PINs in a row lock it until you set a new one.',
  pinLocked: 'Your approval PIN is locked after 5 wrong tries: set a new one to approve again.',
  tagDiscounts:
    'A customer with one of these tags gets its discount on the whole sale once they are attached at the POS, and any staff member may give it (the best one, when they have several).',
} as const;

const STEP_LABELS: Record<CashStep, string> = {
  1: 'To the cent',
  5: 'To 5 c (1–2 c down, 3–4 c up)',
  10: 'To 10 c',
};

/** What differs between the saved settings and the form: the only settings a save sends. */
function changesOf(saved: PaymentSettings, draft: PaymentSettings): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of PAYMENT_SETTING_KEYS) {
    if (JSON.stringify(saved[key]) !== JSON.stringify(draft[key])) changes[key] = draft[key];
  }
  return changes;
}

function ApprovalPin({ businessId, locked }: { businessId: string; locked: boolean }) {
  const id = useId();
  const online = useOnline();
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(ApprovalPinSchema, { pin });
    if (!parsed.success) {
      setProblem(firstIssueMessage(parsed.issues));
      return;
    }
    setBusy(true);
    try {
      await setApprovalPin(businessId, parsed.output.pin);
      setPin('');
      setProblem(null);
      showToast(PAYMENT_TEXT.pinSaved, 'success');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card payment-section"
      aria-label="Your approval PIN"
      onSubmit={submit}
      noValidate
    >
      <h2 className="payment-section__title">Your approval PIN</h2>
      <p className="payment-section__help">{PAYMENT_TEXT.pinHelp}</p>
      {locked ? (
        <p className="field__error" role="status">
          {PAYMENT_TEXT.pinLocked}
        </p>
      ) : null}
      <Field
        id={`${id}-pin`}
        label="New PIN (4 to 8 digits)"
        error={problem}
        hint={online ? null : PAYMENT_TEXT.pinOffline}
      >
        {(control) => (
          <input
            {...control}
            className="field__input payment-section__pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            value={pin}
            onChange={(event) => {
              setPin(event.target.value);
              setProblem(null);
            }}
          />
        )}
      </Field>
      <button type="submit" className="button button--secondary" disabled={!online || busy}>
        {busy ? 'Setting PIN...' : 'Set PIN'}
      </button>
    </form>
  );
}

/**
 * Settings → Payment & Tax (beyond the spec's prototype): the tenders the POS offers, cash
 * rounding, the discount staff may give alone, and the receipt's header and footer. Only the
 * settings changed are saved, each on its own, through the outbox; managers and owners also set
 * their approval PIN here.
 */
export function PaymentSettingsPage() {
  const id = useId();
  const user = useSignedInUser();
  const businessId = user?.businessId;
  const canEdit = useCan('sales.settings');
  const canApprove = useCan('sales.refund');
  const query = useQuery({
    ...paymentSettingsQuery(businessId ?? ''),
    enabled: Boolean(businessId),
  });
  const stored = useStoredPaymentSettings(businessId);
  const saved = stored?.settings ?? query.data?.settings;
  const [draft, setDraft] = useState<PaymentSettings | null>(null);
  const [newTender, setNewTender] = useState('');
  const [newTag, setNewTag] = useState({ tag: '', percent: '' });
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (saved && draft === null) setDraft(structuredClone(saved));
  }, [saved, draft]);

  if (!businessId || !saved || !draft) {
    return (
      <>
        <PageHeader title={PAYMENT_TEXT.title} />
        {query.isError ? (
          <div className="card payment-section" role="alert">
            <p>The settings could not be loaded: {query.error.message}</p>
            <button type="button" className="button button--link" onClick={() => query.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <PageSpinner label="Loading the payment settings..." />
        )}
      </>
    );
  }

  const set = <K extends keyof PaymentSettings>(key: K, value: PaymentSettings[K]) => {
    setDraft({ ...draft, [key]: value });
    setProblem(null);
  };

  function addTender() {
    const label = newTender.trim();
    if (!label || !draft) return;
    set('otherTenders', [...draft.otherTenders, label]);
    setNewTender('');
  }

  function addTagDiscount() {
    if (!draft) return;
    const tag = newTag.tag.trim();
    const percent = Number(newTag.percent);
    if (!tag || newTag.percent.trim() === '' || !Number.isFinite(percent)) {
      setProblem(PAYMENT_MESSAGES.tagDiscount);
      return;
    }
    set('tagDiscounts', [...draft.tagDiscounts, { tag, percent }]);
    setNewTag({ tag: '', percent: '' });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!businessId || !saved || !draft) return;
    const changes = changesOf(saved, draft);
    if (Object.keys(changes).length === 0) {
      setProblem(PAYMENT_TEXT.nothingChanged);
      return;
    }
    const parsed = v.safeParse(PaymentSettingsChangesSchema, { changes });
    if (!parsed.success) {
      setProblem(firstIssueMessage(parsed.issues));
      return;
    }
    const merged = { ...saved, ...parsed.output.changes };
    if (!offersTender(merged)) {
      setProblem(PAYMENT_MESSAGES.noTender);
      return;
    }
    await changePaymentSettings(businessId, parsed.output.changes as PaymentSettingsChanges);
    setProblem(null);
    showToast(PAYMENT_TEXT.saved, 'success');
  }

  const locked = !canEdit;
  return (
    <>
      <PageHeader title={PAYMENT_TEXT.title} subtitle={PAYMENT_TEXT.subtitle} />
      <form
        className="payment-settings"
        aria-label={PAYMENT_TEXT.title}
        onSubmit={submit}
        noValidate
      >
        {locked ? <p className="payment-section__help">{PAYMENT_TEXT.readOnly}</p> : null}
        <fieldset className="card payment-section" disabled={locked}>
          <legend className="payment-section__title">Tenders offered</legend>
          <label className="payment-section__check">
            <input
              type="checkbox"
              checked={draft.cash}
              onChange={(e) => set('cash', e.target.checked)}
            />
            Cash
          </label>
          <label className="payment-section__check">
            <input
              type="checkbox"
              checked={draft.card}
              onChange={(e) => set('card', e.target.checked)}
            />
            Card (the shop's own terminal)
          </label>
          <ul className="payment-section__tenders" aria-label="Other tenders">
            {draft.otherTenders.map((label, index) => (
              <li key={label} className="payment-section__tender">
                <span>{label}</span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Remove ${label}`}
                  onClick={() =>
                    set(
                      'otherTenders',
                      draft.otherTenders.filter((_, at) => at !== index),
                    )
                  }
                >
                  <X size={16} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          <div className="payment-section__add">
            <label className="field__label" htmlFor={`${id}-tender`}>
              Another tender (voucher, gift card...)
            </label>
            <div className="payment-section__add-row">
              <input
                id={`${id}-tender`}
                className="field__input"
                value={newTender}
                maxLength={30}
                onChange={(event) => setNewTender(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    addTender();
                  }
                }}
              />
              <button type="button" className="button button--secondary" onClick={addTender}>
                Add
              </button>
            </div>
          </div>
        </fieldset>
        <fieldset className="card payment-section" disabled={locked}>
          <legend className="payment-section__title">Tax and rounding</legend>
          <p className="payment-section__help">{PAYMENT_TEXT.gst}</p>
          <Field id={`${id}-step`} label="Cash rounding">
            {(control) => (
              <select
                {...control}
                className="field__input"
                value={draft.cashStepCents}
                onChange={(event) => set('cashStepCents', Number(event.target.value) as CashStep)}
              >
                {CASH_STEPS.map((step) => (
                  <option key={step} value={step}>
                    {STEP_LABELS[step]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-limit`} label="Discount staff may give without approval (%)">
            {(control) => (
              <input
                {...control}
                className="field__input"
                type="number"
                min={0}
                max={100}
                step="0.5"
                inputMode="decimal"
                value={Number.isNaN(draft.discountLimitPercent) ? '' : draft.discountLimitPercent}
                onChange={(event) => set('discountLimitPercent', event.target.valueAsNumber)}
              />
            )}
          </Field>
        </fieldset>
        <fieldset className="card payment-section" disabled={locked}>
          <legend className="payment-section__title">Customer discounts</legend>
          <p className="payment-section__help">{PAYMENT_TEXT.tagDiscounts}</p>
          <ul className="payment-section__tenders" aria-label="Tag discounts">
            {draft.tagDiscounts.map((each, index) => (
              <li key={each.tag} className="payment-section__tender">
                <span>
                  {each.tag}: {each.percent} %
                </span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Remove the ${each.tag} discount`}
                  onClick={() =>
                    set(
                      'tagDiscounts',
                      draft.tagDiscounts.filter((_, at) => at !== index),
                    )
                  }
                >
                  <X size={16} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          <div className="payment-section__add-row">
            <Field id={`${id}-tag`} label="Customer tag">
              {(control) => (
                <input
                  {...control}
                  className="field__input"
                  maxLength={30}
                  placeholder="Wine club"
                  value={newTag.tag}
                  onChange={(event) => setNewTag({ ...newTag, tag: event.target.value })}
                />
              )}
            </Field>
            <Field id={`${id}-tag-percent`} label="Discount (%)">
              {(control) => (
                <input
                  {...control}
                  className="field__input"
                  type="number"
                  min={1}
                  max={100}
                  step="0.5"
                  inputMode="decimal"
                  value={newTag.percent}
                  onChange={(event) => setNewTag({ ...newTag, percent: event.target.value })}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      addTagDiscount();
                    }
                  }}
                />
              )}
            </Field>
            <button
              type="button"
              className="button button--secondary payment-section__add-tag"
              onClick={addTagDiscount}
            >
              Add discount
            </button>
          </div>
        </fieldset>
        <fieldset className="card payment-section" disabled={locked}>
          <legend className="payment-section__title">Receipt</legend>
          <Field id={`${id}-header`} label="Header (above the lines)">
            {(control) => (
              <textarea
                {...control}
                className="field__input"
                rows={2}
                maxLength={300}
                value={draft.receiptHeader}
                onChange={(event) => set('receiptHeader', event.target.value)}
              />
            )}
          </Field>
          <Field id={`${id}-footer`} label="Footer (below the totals)">
            {(control) => (
              <textarea
                {...control}
                className="field__input"
                rows={2}
                maxLength={300}
                value={draft.receiptFooter}
                onChange={(event) => set('receiptFooter', event.target.value)}
              />
            )}
          </Field>
        </fieldset>
        {problem ? (
          <p className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        {locked ? null : (
          <button type="submit" className="button button--primary">
            Save changes
          </button>
        )}
      </form>
      {canApprove ? (
        <ApprovalPin
          businessId={businessId}
          locked={
            (stored?.approvers ?? []).find((approver) => approver.user_id === user?.id)?.locked ===
            true
          }
        />
      ) : null}
    </>
  );
}
