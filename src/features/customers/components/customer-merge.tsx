import { Merge } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useCustomers } from '#data/hooks/use-customers.ts';
import { mergeCustomer } from '#data/repositories/customers.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import type { Customer } from '#domains/customers/customer.ts';
import { customersToChoose } from '#domains/customers/customer-list.ts';
import { DialogFooter } from '#ui/dialog-footer.tsx';
import { Modal } from '#ui/modal.tsx';
import { CUSTOMERS_TEXT } from '../customers-text.ts';

/** How many customers the search lists. */
const SHOWN = 8;

/**
 * Two records of one person made one (a manager or owner, online): another customer, found by
 * name, email or phone, is merged into this one after asking once more.
 */
export function CustomerMerge({ customer }: { customer: Customer }) {
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="customer-block">
      <h3 className="customer-card__subtitle">{CUSTOMERS_TEXT.duplicates}</h3>
      <div className="customer-card__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={!online}
          onClick={() => {
            setDone(null);
            setOpen(true);
          }}
        >
          <Merge size={16} aria-hidden="true" /> {CUSTOMERS_TEXT.mergeInto}
        </button>
      </div>
      {!online ? <p className="customer-empty">{CUSTOMERS_TEXT.mergeOffline}</p> : null}
      {done ? (
        <p className="customer-note" role="status">
          {done}
        </p>
      ) : null}
      {open ? (
        <MergeDialog
          kept={customer}
          onClose={() => setOpen(false)}
          onMerged={(name) => {
            setOpen(false);
            setDone(CUSTOMERS_TEXT.merged(name));
          }}
        />
      ) : null}
    </div>
  );
}

function MergeDialog({
  kept,
  onClose,
  onMerged,
}: {
  kept: Customer;
  onClose: () => void;
  onMerged: (name: string) => void;
}) {
  const id = useId();
  const customers = useCustomers();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Customer | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const found = useMemo(
    () => customersToChoose(customers ?? [], query, SHOWN, kept.id),
    [customers, query, kept.id],
  );

  async function merge() {
    if (!chosen) return;
    setBusy(true);
    setProblem(null);
    try {
      await mergeCustomer(kept.id, chosen.id);
      onMerged(chosen.name);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }

  return (
    <Modal
      title={CUSTOMERS_TEXT.mergeTitle(kept.name)}
      onClose={onClose}
      footer={
        <DialogFooter
          confirmLabel={busy ? CUSTOMERS_TEXT.merging : CUSTOMERS_TEXT.mergeConfirm}
          busy={busy}
          disabled={!chosen}
          onCancel={onClose}
          onConfirm={() => void merge()}
        />
      }
    >
      {chosen ? (
        <p>{CUSTOMERS_TEXT.mergeQuestion(chosen.name, kept.name)}</p>
      ) : (
        <>
          <label className="field__label" htmlFor={`${id}-search`}>
            {CUSTOMERS_TEXT.mergeSearch}
          </label>
          <input
            id={`${id}-search`}
            className="field__input"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          {query.trim() && customers && found.length === 0 ? (
            <p className="customer-empty">{CUSTOMERS_TEXT.noMatch(query.trim())}</p>
          ) : null}
          <ul className="customer-orders">
            {found.map((each) => (
              <li key={each.id}>
                <button
                  type="button"
                  className="button button--link"
                  onClick={() => setChosen(each)}
                >
                  {each.name}
                </button>{' '}
                <span className="customer-empty">{each.email ?? each.phone ?? ''}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </Modal>
  );
}
