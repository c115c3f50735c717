import { Link } from '@tanstack/react-router';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useCan } from '#data/hooks/use-permissions.ts';
import { TAX_INVOICE_TEXT } from '#domains/sales/tax-invoice.ts';

const askedKey = (businessId: string) => `vintry:abn-asked:${businessId}`;

function wasAsked(businessId: string): boolean {
  try {
    return localStorage.getItem(askedKey(businessId)) !== null;
  } catch {
    return false;
  }
}

/**
 * The till asks once for the shop's ABN, and says why: without it a receipt is no tax invoice.
 * An owner is taken to Business Profile; others are told who can add it. 'Not now' is
 * remembered on this device.
 */
export function AbnRequest({ businessId, hasAbn }: { businessId: string; hasAbn: boolean }) {
  const canEdit = useCan('profile.manage');
  const [asked, setAsked] = useState(() => wasAsked(businessId));
  if (hasAbn || asked) return null;
  const notNow = () => {
    try {
      localStorage.setItem(askedKey(businessId), new Date().toISOString());
    } catch {
      // Private browsing without storage: asked again next time, nothing else is lost.
    }
    setAsked(true);
  };
  return (
    <div className="card pos__notice pos__abn" role="status">
      <FileText size={18} aria-hidden="true" />
      <p>{canEdit ? TAX_INVOICE_TEXT.askAbn : TAX_INVOICE_TEXT.askAbnStaff}</p>
      <div className="pos__abn-actions">
        {canEdit ? (
          <Link to="/settings/profile" className="button button--primary button--small">
            {TAX_INVOICE_TEXT.openProfile}
          </Link>
        ) : null}
        <button type="button" className="button button--secondary button--small" onClick={notNow}>
          {TAX_INVOICE_TEXT.notNow}
        </button>
      </div>
    </div>
  );
}
