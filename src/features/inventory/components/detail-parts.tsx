/** The popup's pieces: a titled section, and facts as a list of terms and values. */
export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="facts facts--compact">
      {rows.map(([term, value]) => (
        <div key={term} className="facts__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Section({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <section className={`detail-section${wide ? ' detail-section--wide' : ''}`}>
      <h3 className="detail-section__title">{title}</h3>
      {children}
    </section>
  );
}
