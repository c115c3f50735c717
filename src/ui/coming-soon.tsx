import { Hourglass } from 'lucide-react';
import { PageHeader } from './page-header.tsx';

/** A screen the menu offers but the product does not show yet: titled, never blank. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <section className="card coming-soon">
        <Hourglass size={32} aria-hidden="true" className="coming-soon__icon" />
        <h2 className="coming-soon__title">{title} is on its way</h2>
        <p className="coming-soon__text">
          This screen is being built. Everything else in Vintry is ready to use in the meantime.
        </p>
      </section>
    </>
  );
}
