import type { ReactNode } from 'react';
import { BrandMark } from '#ui/brand-mark.tsx';
import './auth.css';

/** The frame of the sign-in and reset-password screens: the product name and a subtitle. */
export function AuthCard({ subtitle, children }: { subtitle: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <section className="auth-card card" aria-labelledby="auth-title">
        <header className="auth-card__header">
          <BrandMark size={30} />
          <h1 id="auth-title" className="auth-card__title">
            Vintry
          </h1>
          <p className="auth-card__subtitle">{subtitle}</p>
        </header>
        {children}
      </section>
    </main>
  );
}
