import { Link } from '@tanstack/react-router';
import { PageHeader } from '#ui/page-header.tsx';
import './settings.css';

/** Each settings page, what it holds, and where it is. */
const SETTINGS_PAGES = [
  {
    title: 'Business Profile',
    to: '/settings/profile',
    about: 'The shop’s name, ABN, address, phone and time zone, printed on every receipt.',
  },
  {
    title: 'Payment & Tax',
    to: '/settings/payment',
    about: 'Tenders, cash rounding, the staff discount limit, customer discounts and receipts.',
  },
  {
    title: 'Team & Permissions',
    to: '/settings/team',
    about: 'Who works here, their roles, invitations and approval PINs.',
  },
  {
    title: 'Inventory settings',
    to: '/inventory',
    about:
      'Columns, display, stock rules (your low-stock threshold), product defaults, notifications & alerts, import and export.',
  },
  {
    title: 'Integrations',
    to: '/settings/integrations',
    about: 'Connecting accounting and e-commerce: on its way.',
  },
  {
    title: 'Billing',
    to: '/settings/billing',
    about: 'Your Vintry plan and invoices: on its way.',
  },
] as const;

/** /settings: an index of the settings pages. */
export function SettingsIndex() {
  return (
    <>
      <PageHeader title="Settings" subtitle="Everything the shop and each person can set" />
      <ul className="settings-index">
        {SETTINGS_PAGES.map((page) => (
          <li key={page.to} className="card settings-index__item">
            {page.to === '/inventory' ? (
              <Link to="/inventory" search={{ tab: 'settings' }} className="settings-index__link">
                {page.title}
              </Link>
            ) : (
              <Link to={page.to} className="settings-index__link">
                {page.title}
              </Link>
            )}
            <p className="settings-index__about">{page.about}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
