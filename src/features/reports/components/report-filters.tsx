import { useQuery } from '@tanstack/react-query';
import { useTeam } from '#data/hooks/use-team.ts';
import { filterChoicesQuery } from '#data/repositories/reports.ts';
import {
  FILTER_LABELS,
  filterEntries,
  PRODUCT_FILTERS,
  type ProductFilter,
  type ReportFilters,
  TENDER_KIND_LABELS,
  TENDER_KINDS,
  type TenderKind,
} from '#domains/reports/filters.ts';
import { REPORTS_TEXT } from '../reports-text.ts';

/**
 * A report's filters, folded away under 'Filters' with how many are set. The product filters
 * offer what the shop's catalogue holds, as the server last said (a phone need not hold the
 * catalogue; a value asked in the address that is no longer offered stays, so it can be
 * taken off); the Sales Report adds the staff member and the tender.
 */
export function ReportFilterFields({
  filters,
  onChange,
  sales = false,
}: {
  filters: ReportFilters;
  onChange: (next: ReportFilters) => void;
  /** Whether the staff member and tender filters are offered (the Sales Report's). */
  sales?: boolean;
}) {
  const choices = useQuery(filterChoicesQuery()).data;
  const team = useTeam(sales);
  const set = filterEntries(filters).length;
  const change = (name: keyof ReportFilters, value: string) =>
    onChange({ ...filters, [name]: value === '' ? undefined : value });
  const choose = (name: ProductFilter) => {
    const asked = filters[name];
    const offered = choices?.[name] ?? [];
    return asked && !offered.includes(asked) ? [asked, ...offered] : offered;
  };
  return (
    <details className="report__filters" open={set > 0}>
      <summary>{REPORTS_TEXT.filters(set)}</summary>
      <div className="report__filter-fields">
        {PRODUCT_FILTERS.map((name) => (
          <div className="field" key={name}>
            <label className="field__label" htmlFor={`report-filter-${name}`}>
              {FILTER_LABELS[name]}
            </label>
            <select
              id={`report-filter-${name}`}
              className="field__input"
              value={filters[name] ?? ''}
              onChange={(event) => change(name, event.target.value)}
            >
              <option value="">{REPORTS_TEXT.allOf(FILTER_LABELS[name])}</option>
              {choose(name).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        ))}
        {sales ? (
          <>
            <div className="field">
              <label className="field__label" htmlFor="report-filter-staff">
                {FILTER_LABELS.staff}
              </label>
              <select
                id="report-filter-staff"
                className="field__input"
                value={filters.staff ?? ''}
                onChange={(event) => change('staff', event.target.value)}
              >
                <option value="">{REPORTS_TEXT.everyone}</option>
                {team.people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
                {filters.staff && !team.people.some((person) => person.id === filters.staff) ? (
                  <option value={filters.staff}>{REPORTS_TEXT.someoneElse}</option>
                ) : null}
              </select>
            </div>
            <div className="field">
              <label className="field__label" htmlFor="report-filter-tender">
                {FILTER_LABELS.tender}
              </label>
              <select
                id="report-filter-tender"
                className="field__input"
                value={filters.tender ?? ''}
                onChange={(event) => change('tender', event.target.value as TenderKind | '')}
              >
                <option value="">{REPORTS_TEXT.anyTender}</option>
                {TENDER_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {TENDER_KIND_LABELS[kind]}
                  </option>
                ))}
              </select>
            </div>
          </>
        ) : null}
        {set > 0 ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              onChange(
                Object.fromEntries(filterEntries(filters).map(([name]) => [name, undefined])),
              )
            }
          >
            {REPORTS_TEXT.clearFilters}
          </button>
        ) : null}
      </div>
    </details>
  );
}
