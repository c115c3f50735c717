import { Download, UserX } from 'lucide-react';
import { useState } from 'react';
import { eraseCustomer, exportCustomer } from '#data/repositories/customers.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import type { Customer } from '#domains/customers/customer.ts';
import { DialogFooter } from '#ui/dialog-footer.tsx';
import { downloadText } from '#ui/download.ts';
import { Modal } from '#ui/modal.tsx';
import { CUSTOMERS_TEXT } from '../customers-text.ts';

/** A file name of letters, digits and dashes: the customer's name, then the day. */
const fileNameOf = (name: string, day: string) =>
  `customer-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'data'
  }-${day}.json`;

/**
 * A manager's or owner's privacy actions on a customer's page, online: their data exported as
 * a JSON file to hand them, and their details erased at their request after asking once more.
 */
export function CustomerPrivacy({ customer }: { customer: Customer }) {
  const online = useOnline();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState<'export' | 'erase' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function run(kind: 'export' | 'erase', action: () => Promise<string>) {
    setBusy(kind);
    setProblem(null);
    setDone(null);
    try {
      setDone(await action());
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  }

  const exportData = () =>
    run('export', async () => {
      const data = await exportCustomer(customer.id);
      downloadText(
        fileNameOf(customer.name, data.exported_at.slice(0, 10)),
        JSON.stringify(data, null, 2),
        'application/json',
      );
      return CUSTOMERS_TEXT.exported;
    });

  const erase = () =>
    run('erase', async () => {
      setAsking(false);
      await eraseCustomer(customer.id);
      return CUSTOMERS_TEXT.erasedNow;
    });

  return (
    <div className="customer-block">
      <h3 className="customer-card__subtitle">{CUSTOMERS_TEXT.privacy}</h3>
      <p className="customer-empty">
        {online ? CUSTOMERS_TEXT.privacyHint : CUSTOMERS_TEXT.privacyOffline}
      </p>
      <div className="customer-card__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={!online || busy !== null}
          onClick={() => void exportData()}
        >
          <Download size={16} aria-hidden="true" />
          {busy === 'export' ? CUSTOMERS_TEXT.exporting : CUSTOMERS_TEXT.exportData}
        </button>
        {customer.erased_at ? null : (
          <button
            type="button"
            className="button button--danger"
            disabled={!online || busy !== null}
            onClick={() => setAsking(true)}
          >
            <UserX size={16} aria-hidden="true" />
            {busy === 'erase' ? CUSTOMERS_TEXT.erasing : CUSTOMERS_TEXT.eraseCustomer}
          </button>
        )}
      </div>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : done ? (
        <p className="customer-note" role="status">
          {done}
        </p>
      ) : null}
      {asking ? (
        <Modal
          title={CUSTOMERS_TEXT.eraseCustomer}
          role="alertdialog"
          onClose={() => setAsking(false)}
          footer={
            <DialogFooter
              confirmLabel={CUSTOMERS_TEXT.eraseCustomer}
              cancelLabel={CUSTOMERS_TEXT.keepCustomer}
              tone="danger"
              onCancel={() => setAsking(false)}
              onConfirm={() => void erase()}
            />
          }
        >
          <p>{CUSTOMERS_TEXT.eraseQuestion(customer.name)}</p>
        </Modal>
      ) : null}
    </div>
  );
}
