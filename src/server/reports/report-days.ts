import { and, eq, type SQL, sql } from 'drizzle-orm';
import { addDays, addMonths, DAY_MS, dayStartIn, monthStart } from '#shared/moments.ts';
import { textArray } from '../db/array-params.ts';
import type { Db, Tx } from '../db/client.ts';
import {
  businesses,
  reportDays,
  saleLines,
  saleReturnLines,
  saleReturns,
  sales,
} from '../db/schema.ts';
import { resultRows } from '../db/table-rows.ts';

/**
 * The Sales Report's days (`report_days`, README "Reports"): each day's figures by the shop's
 * calendar, in total and by category, producer, staff member and tender, and each product's by
 * the month, added to in the same transaction as the sales and refunds they count. A year's
 * report then adds up a few thousand rows instead of every line it sold; what the report's
 * plain query works out from the lines (sales-report.ts) and what these hold agree to the cent
 * (a test).
 *
 * They are kept by one zone, the shop's (`businesses.report_days_zone`): until the shop has one,
 * or when it changes, or before they were first built, they are built again from the sales the
 * next time a report asks (ensureReportDays), a month of sales at a time; a sale stored during
 * the build counts at once if its day is built, else in its month's step.
 */

/** Names as the plain query gives them (sales-report.ts groupOf), so the two agree. */
export const NO_CATEGORY = 'Uncategorised';
export const NO_PRODUCER = 'No producer';
export const NO_ONE_KEY = 'gone';

/** A sale's tender by name, as the tender grouping shows it. */
export const TENDER_NAME = sql`case t.value->>'kind'
  when 'cash' then 'Cash' when 'card' then 'Card' when 'account' then
    case when (t.value->>'deposit')::boolean then 'Deposit' else 'Account' end
  else coalesce(t.value->>'label', 'Other') end`;

/** What a tender took: cash is given (given_cents) and its change handed back. */
export const TENDER_TAKEN = sql`coalesce((t.value->>'cents')::int, (t.value->>'given_cents')::int, 0)
  - case when t.value->>'kind' = 'cash' then s.change_cents else 0 end`;

/** A refund's tender by name. */
export const RETURN_TENDER = sql`case tender->>'kind' when 'cash' then 'Cash' when 'card' then 'Card'
  when 'account' then 'Account' else coalesce(tender->>'label', 'Other') end`;

/**
 * The groups a sold line counts in, as (dimension, key, day) for `line` of `made` (a sale or a
 * refund) on `day`: the day's total, the category and producer it was sold under, the person
 * who made it, and its product by the month (a shop of 50,000 products sells most of them on a
 * day at most once, so days by product would be as many as the lines; a month holds several
 * sales of each, measured: a chain's year of three million lines makes 417,000 product-months).
 * A product's key is as the plain grouping keys it (sales-report.ts), its id or, once deleted,
 * the name its line was sold under.
 */
const dimensionsOf = (line: SQL, made: SQL, day: SQL) => sql`values ('total', '', ${day}),
  ('category', coalesce(nullif(${line}.category, ''), ${NO_CATEGORY}), ${day}),
  ('producer', coalesce(nullif(${line}.producer, ''), ${NO_PRODUCER}), ${day}),
  ('staff', coalesce(${made}.user_id::text, ${NO_ONE_KEY}), ${day}),
  ('product', ${productKey(sql`${line}.product_id`, sql`${line}.name`)}, ${monthOf(day)})`;

/** How a deleted product's key begins: the name its lines were sold under follows. */
export const GONE = 'gone:';

/** A line's product as the reports key it: its id, or the name it was sold under once gone. */
export const productKey = (productId: SQL, name: SQL) =>
  sql`coalesce(${productId}::text, ${GONE} || ${name})`;

/** The month of a day, as the products' months are kept. */
const monthOf = (day: SQL) => sql`date_trunc('month', ${day})::date`;

/** The groups a line counts in, as SQL values (dimension, key, day); dimensionsOf's by default. */
type Dimensions = (line: SQL, made: SQL, day: SQL) => SQL;

/** The day of the shop's calendar in `zone` a sale or refund (`made`) was made on. */
const dayOf = (made: SQL, zone: string) => sql`(${made}.made_at at time zone ${zone})::date`;

const add = (column: string) => sql.raw(`${column} = report_days.${column} + excluded.${column}`);

/** Adds the lines of the sales `which` picks (a condition on `s` and `l`) to their groups. */
async function addSaleLines(
  tx: Tx,
  businessId: string,
  which: SQL,
  zone: string,
  dimensions: Dimensions = dimensionsOf,
) {
  await tx.execute(sql`
    insert into ${reportDays} as report_days
      (business_id, day, dimension, key, sales, units, sales_cents, gst_cents, cost_cents)
    select ${businessId}, day, dimension, key, count(*), sum(units), sum(net), sum(gst),
      sum(cost)
    from (
      select d.day, d.dimension, d.key, s.id, sum(l.quantity) as units,
        sum(l.net_cents) as net, sum(l.gst_cents) as gst, sum(l.luc_cents * l.quantity) as cost
      from ${sales} s join ${saleLines} l on l.sale_id = s.id
        cross join lateral (${dimensions(sql`l`, sql`s`, dayOf(sql`s`, zone))})
          as d(dimension, key, day)
      where s.business_id = ${businessId} and ${which}
      group by 1, 2, 3, 4
    ) per_sale
    group by day, dimension, key
    on conflict (business_id, dimension, day, key) do update set
      ${add('sales')}, ${add('units')}, ${add('sales_cents')}, ${add('gst_cents')},
      ${add('cost_cents')}`);
}

/** Adds the sales `which` picks (a condition on `s`) to their days in `zone`. */
async function addSales(tx: Tx, businessId: string, which: SQL, zone: string) {
  const day = dayOf(sql`s`, zone);
  await addSaleLines(tx, businessId, which, zone);
  await tx.execute(sql`
    insert into ${reportDays} as report_days
      (business_id, day, dimension, key, sales, sales_cents)
    select ${businessId}, ${day}, 'tender', ${TENDER_NAME}, count(distinct s.id),
      sum(${TENDER_TAKEN})
    from ${sales} s cross join lateral jsonb_array_elements(s.tenders) t
    where s.business_id = ${businessId} and ${which}
    group by 2, 4
    on conflict (business_id, dimension, day, key) do update set
      ${add('sales')}, ${add('sales_cents')}`);
  // Cash rounding by the day, and by the person who took it (what a staff member's report says).
  await tx.execute(sql`
    insert into ${reportDays} as report_days (business_id, day, dimension, key, rounding_cents)
    select ${businessId}, ${day}, d.dimension, d.key, sum(s.rounding_cents)
    from ${sales} s cross join lateral (values ('total', ''),
      ('staff', coalesce(s.user_id::text, ${NO_ONE_KEY}))) as d(dimension, key)
    where s.business_id = ${businessId} and ${which}
    group by 2, 3, 4
    on conflict (business_id, dimension, day, key) do update set ${add('rounding_cents')}`);
}

/** Adds the lines of the refunds `which` picks (on `r`, `sl`) to the days the goods came back. */
async function addReturns(
  tx: Tx,
  businessId: string,
  which: SQL,
  zone: string,
  dimensions: Dimensions = (line, made, day) =>
    sql`${dimensionsOf(line, made, day)} union all values ('tender', ${RETURN_TENDER}, ${day})`,
) {
  await tx.execute(sql`
    insert into ${reportDays} as report_days
      (business_id, day, dimension, key, returns, returned_units, refund_cents,
       refund_gst_cents, restocked_cost_cents)
    select ${businessId}, day, dimension, key, count(*), sum(units), sum(refund), sum(gst),
      sum(restocked)
    from (
      select d.day, d.dimension, d.key, r.id,
        sum(rl.quantity) as units, sum(rl.refund_cents) as refund, sum(rl.gst_cents) as gst,
        sum(case when rl.resaleable then sl.luc_cents * rl.quantity else 0 end) as restocked
      from ${saleReturns} r join ${saleReturnLines} rl on rl.return_id = r.id
        join ${saleLines} sl on sl.sale_id = r.sale_id and sl.line_no = rl.line_no
        cross join lateral (${dimensions(sql`sl`, sql`r`, dayOf(sql`r`, zone))})
          as d(dimension, key, day)
      where r.business_id = ${businessId} and ${which}
      group by 1, 2, 3, 4
    ) per_return
    group by day, dimension, key
    on conflict (business_id, dimension, day, key) do update set
      ${add('returns')}, ${add('returned_units')}, ${add('refund_cents')},
      ${add('refund_gst_cents')}, ${add('restocked_cost_cents')}`);
}

/** The zone the business's days are kept by, and while they are being built, the last day built. */
interface Kept {
  zone: string;
  through: string | null;
}

/**
 * The zone the business's days are kept (or being built) by, with its row locked for this
 * transaction (sales and refunds lock it already, moving the catalogue's version), or null
 * when they are not kept by the shop's zone (the build counts what is stored now).
 */
async function keptZone(tx: Tx, businessId: string): Promise<Kept | null> {
  const row = await buildState(tx, businessId, { lock: true });
  return row?.zone && row.kept === row.zone ? { zone: row.kept, through: row.through } : null;
}

/**
 * The shop's zone, the zone its days are kept by and the last day of a build under way, with
 * the business's row locked for the transaction when asked.
 */
async function buildState(db: Db | Tx, businessId: string, { lock = false } = {}) {
  const query = db
    .select({
      zone: businesses.timeZone,
      kept: businesses.reportDaysZone,
      through: businesses.reportDaysThrough,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/**
 * Of what `made` (a sale's or refund's moment) picks, the days built so far: all of them once
 * built; during the build, up to the last day built (a later day's step counts the rest).
 */
const built = (made: SQL, kept: Kept) =>
  kept.through === null
    ? sql`true`
    : sql`${made} < ${dayStartIn(addDays(kept.through, 1), kept.zone).toISOString()}`;

/** Counts sales just stored in their days, in the transaction that stored them. */
export async function addSalesToReportDays(tx: Tx, businessId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const kept = await keptZone(tx, businessId);
  if (!kept) return;
  const which = sql`s.id = any(${textArray(ids)}::uuid[]) and ${built(sql`s.made_at`, kept)}`;
  await addSales(tx, businessId, which, kept.zone);
}

/** Counts refunds just stored in the days the goods came back, in their transaction. */
export async function addReturnsToReportDays(tx: Tx, businessId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const kept = await keptZone(tx, businessId);
  if (!kept) return;
  const which = sql`r.id = any(${textArray(ids)}::uuid[]) and ${built(sql`r.made_at`, kept)}`;
  await addReturns(tx, businessId, which, kept.zone);
}

/**
 * A product about to be deleted (in its deletion's transaction): its months are keyed again by
 * the name each line was sold under, as the plain grouping keys the lines of a product gone.
 */
export async function rekeyDeletedProduct(tx: Tx, businessId: string, productId: number) {
  const kept = await keptZone(tx, businessId);
  if (!kept) return;
  await tx
    .delete(reportDays)
    .where(
      and(
        eq(reportDays.businessId, businessId),
        eq(reportDays.dimension, 'product'),
        eq(reportDays.key, String(productId)),
      ),
    );
  const gone = (line: SQL, _made: SQL, day: SQL) =>
    sql`values ('product', ${productKey(sql`null`, sql`${line}.name`)}, ${monthOf(day)})`;
  // Days not built yet count the lines as they find them, the product gone.
  const sold = sql`l.product_id = ${productId} and ${built(sql`s.made_at`, kept)}`;
  const back = sql`sl.product_id = ${productId} and ${built(sql`r.made_at`, kept)}`;
  await addSaleLines(tx, businessId, sold, kept.zone, gone);
  await addReturns(tx, businessId, back, kept.zone, gone);
}

/** The first day (in `zone`) after `through` with a sale or a refund, or null when none. */
async function nextDayWithSales(
  tx: Tx,
  businessId: string,
  zone: string,
  through: string | null,
): Promise<string | null> {
  const from =
    through === null
      ? sql``
      : sql`and made_at >= ${dayStartIn(addDays(through, 1), zone).toISOString()}`;
  const [row] = resultRows<{ day: string | null }>(
    await tx.execute(sql`
      select (min(first) at time zone ${zone})::date::text as day from (
        select min(made_at) as first from ${sales} where business_id = ${businessId} ${from}
        union all
        select min(made_at) from ${saleReturns} where business_id = ${businessId} ${from}
      ) firsts`),
  );
  return row?.day ?? null;
}

/**
 * One step of building the report days by `zone` (the shop's): from the next day with sales or
 * refunds to its month's end (or `stepDays` days), counted in one transaction holding the
 * business's row, so a sale waits at most for one step, not for the whole build. The first
 * step forgets what was kept by another zone; the last marks them built. A sale stored between
 * steps counts at once if its day is built, else in its own step. 'stopped' when the shop's
 * zone is no longer `zone`.
 */
export async function buildReportDaysStep(
  db: Db,
  businessId: string,
  zone: string,
  stepDays?: number,
): Promise<'built' | 'more' | 'stopped'> {
  return db.transaction(async (tx) => {
    const row = await buildState(tx, businessId, { lock: true });
    if (row?.zone !== zone) return 'stopped';
    const going = row.kept === zone;
    if (going && row.through === null) return 'built';
    if (!going) await tx.delete(reportDays).where(eq(reportDays.businessId, businessId));
    const next = await nextDayWithSales(tx, businessId, zone, going ? row.through : null);
    if (next === null) {
      await tx
        .update(businesses)
        .set({ reportDaysZone: zone, reportDaysThrough: null })
        .where(eq(businesses.id, businessId));
      return 'built';
    }
    // To the month's end unless told: the products' months are then written once, not added to.
    const last =
      stepDays === undefined
        ? addDays(addMonths(monthStart(next), 1), -1)
        : addDays(next, stepDays - 1);
    const within = (made: SQL) => sql`${made} >= ${dayStartIn(next, zone).toISOString()}
      and ${made} < ${dayStartIn(addDays(last, 1), zone).toISOString()}`;
    await addSales(tx, businessId, within(sql`s.made_at`), zone);
    await addReturns(tx, businessId, within(sql`r.made_at`), zone);
    await tx
      .update(businesses)
      .set({ reportDaysZone: zone, reportDaysThrough: last })
      .where(eq(businesses.id, businessId));
    return 'more';
  });
}

/**
 * Whether the report days answer for `zone`: only when it is the shop's own; built first, a
 * step at a time (buildReportDaysStep), when they were kept by another zone, never built, or
 * their build was left halfway.
 */
export async function ensureReportDays(db: Db, businessId: string, zone: string): Promise<boolean> {
  const row = await buildState(db, businessId);
  if (!row?.zone || row.zone !== zone) return false;
  if (row.kept === zone && row.through === null) return true;
  let step = await buildReportDaysStep(db, businessId, zone);
  while (step === 'more') step = await buildReportDaysStep(db, businessId, zone);
  // A build writes most of the table's rows: the planner learns of them now, not when the
  // autovacuum comes by (a year by product read them by the index, row by row, until then).
  await db.execute(sql`analyze ${reportDays}`);
  return step === 'built';
}

export type ReportDimension = 'total' | 'category' | 'producer' | 'staff' | 'tender' | 'product';

/** Days of the shop's calendar, first and last. */
interface Days {
  from: string;
  to: string;
}

/** How many days a span holds. */
const daysOf = (span: Days) => (Date.parse(span.to) - Date.parse(span.from)) / DAY_MS + 1;

/**
 * How the kept products' months answer a period: the months whose kept rows are added (from
 * the first's first day to the last's), and the days whose lines are added or taken away. A
 * month the period covers in part is either its covered days' lines, or its kept row less its
 * other days' lines, whichever reads fewer days: a period of the last 365 days reads two days'
 * lines, this month so far its kept row less the days still to come (none sold).
 */
export function monthsPlan(range: Days): { months: Days | null; add: Days[]; subtract: Days[] } {
  const kept: string[] = [];
  const add: Days[] = [];
  const subtract: Days[] = [];
  for (let month = monthStart(range.from); month <= range.to; month = addMonths(month, 1)) {
    const last = addDays(addMonths(month, 1), -1);
    const covered = {
      from: range.from > month ? range.from : month,
      to: range.to < last ? range.to : last,
    };
    const outside = [
      { from: month, to: addDays(covered.from, -1) },
      { from: addDays(covered.to, 1), to: last },
    ].filter((span) => span.from <= span.to);
    const outsideDays = outside.reduce((total, span) => total + daysOf(span), 0);
    if (daysOf(covered) <= outsideDays) {
      add.push(covered);
    } else {
      kept.push(month);
      subtract.push(...outside);
    }
  }
  const [first] = kept;
  const months = first ? { from: first, to: kept[kept.length - 1] ?? first } : null;
  return { months, add, subtract };
}

/**
 * The kept days' figures between two days, by one dimension (of one key of it, when given),
 * for the report to add up.
 */
export async function reportDayRows(
  db: Db,
  businessId: string,
  dimension: ReportDimension,
  range: { from: string; to: string },
  group: SQL,
  key?: string,
) {
  return resultRows<Record<string, string | number | null>>(
    await db.execute(sql`
      select ${group} as key, sum(sales)::bigint as sales, sum(units)::bigint as units,
        sum(sales_cents)::bigint as sales_cents, sum(gst_cents)::bigint as gst_cents,
        sum(cost_cents)::bigint as cost_cents, sum(returns)::bigint as returns,
        sum(returned_units)::bigint as returned_units, sum(refund_cents)::bigint as refund_cents,
        sum(refund_gst_cents)::bigint as refund_gst_cents,
        sum(restocked_cost_cents)::bigint as restocked_cost_cents,
        sum(rounding_cents)::bigint as rounding_cents
      from ${reportDays}
      where business_id = ${businessId} and dimension = ${dimension}
        and day between ${range.from}::date and ${range.to}::date
        ${key === undefined ? sql`` : sql`and key = ${key}`}
      group by 1`),
  );
}
