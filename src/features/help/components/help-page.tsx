import { Link } from '@tanstack/react-router';
import { useSignedInUser } from '#data/hooks/use-permissions.ts';
import { useStoredPaymentSettings } from '#data/hooks/use-stored.ts';
import { PageHeader } from '#ui/page-header.tsx';
import {
  type Guide,
  KEYBOARD_SHORTCUTS,
  SCANNER_GUIDE,
  SCREEN_GUIDES,
  WHATS_NEW,
} from '../help-guides.ts';
import './help.css';

function GuideSteps({ guide }: { guide: Guide }) {
  return (
    <ul className="help__steps">
      {guide.steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ul>
  );
}

/**
 * /help: a guide to each screen, the scanner and the keyboard, what is new, and who to ask.
 * Everything is in the app itself, so it reads offline.
 */
export function HelpPage() {
  const user = useSignedInUser();
  const shop = useStoredPaymentSettings(user?.businessId)?.shop;
  return (
    <>
      <PageHeader title="Help & Support" subtitle="How each screen works, on this device" />
      <div className="help">
        <section className="card help__section" aria-labelledby="help-screens">
          <h2 id="help-screens">The screens</h2>
          {SCREEN_GUIDES.map((guide) => (
            <details key={guide.title} className="help__guide">
              <summary>{guide.title}</summary>
              <GuideSteps guide={guide} />
              {guide.to ? (
                <Link to={guide.to} className="button button--link">
                  Open {guide.title.split(' and ')[0]}
                </Link>
              ) : null}
            </details>
          ))}
        </section>
        <section className="card help__section" aria-labelledby="help-scanner">
          <h2 id="help-scanner">{SCANNER_GUIDE.title}</h2>
          <GuideSteps guide={SCANNER_GUIDE} />
        </section>
        <section className="card help__section" aria-labelledby="help-keys">
          <h2 id="help-keys">Keyboard</h2>
          <dl className="facts facts--compact">
            {KEYBOARD_SHORTCUTS.map(([keys, what]) => (
              <div key={keys} className="facts__row">
                <dt>{keys}</dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="card help__section" aria-labelledby="help-new">
          <h2 id="help-new">What’s new</h2>
          {WHATS_NEW.map((guide) => (
            <div key={guide.title}>
              <h3 className="help__subheading">{guide.title}</h3>
              <GuideSteps guide={guide} />
            </div>
          ))}
        </section>
        <section className="card help__section" aria-labelledby="help-contact">
          <h2 id="help-contact">Need a hand?</h2>
          <p className="help__text">
            Ask the shop’s owner or a manager: they set up Vintry and can change roles, settings and
            the catalogue.
            {shop?.name ? ` ${shop.name}` : ''}
            {shop?.phone ? `, ${shop.phone}` : ''}
            {shop?.name || shop?.phone ? '.' : ''}
          </p>
          <p className="help__text">
            A change that did not reach the server is never lost: the status at the top of every
            screen says how many wait, and opens Pending changes.
          </p>
        </section>
      </div>
    </>
  );
}
