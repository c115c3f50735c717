import type { Hono } from 'hono';
import { DELIVERY_MESSAGES } from '#domains/purchasing/receiving.ts';
import {
  countDeliveryWrite,
  invoiceDeliveryWrite,
  postDeliveryWrite,
  startDeliveryWrite,
} from '#domains/purchasing/writes.ts';
import { momentOutsideLife } from '#shared/moments.ts';
import type { WriteDeclaration } from '#shared/write-declaration.ts';
import { type BusinessLife, businessLife } from '../business/life.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError } from '../http/errors.ts';
import { serialIdOf, uuidOf } from '../http/params.ts';
import type { ManyWrite, WriteRoutes } from '../http/write-routes.ts';
import { findProducts } from '../products/catalogue-repository.ts';
import type { WriteContext } from '../products/catalogue-writes.ts';
import { toEnhancedProduct } from '../products/enhanced-inventory.ts';
import {
  type DeliveryChange,
  type DeliveryChangeOutcome,
  listDeliveries,
  postDeliveries,
  recordCounts,
  saveInvoices,
  startDeliveries,
} from './deliveries.ts';

/**
 * Deliveries (#domains/purchasing/receiving.ts), under /purchasing:
 * - GET /deliveries (?product={id}) → {deliveries}, newest first;
 * - POST /deliveries {id, supplier_id, order_id?, started_at} → 201 {delivery} (the same again
 *   → 200; an id of another delivery → 409; a supplier or order not the business's → 400);
 * - PUT /deliveries/{id}/counts {device_id, lines} → 200 {delivery, gone}: this device's
 *   counts; those of products the business does not have (deleted meanwhile) left out, in gone;
 * - PUT /deliveries/{id}/invoice {invoice_number, invoice_date, total_cents, freight_cents,
 *   costs} → 200 {delivery} (the costs of products it does not have left out);
 * - POST /deliveries/{id}/post {accept_mismatch?} → 200 {delivery, products}: stock and LUC
 *   moved once, and the delivery's products as they now are;
 *   409 {message, difference_cents} when the invoice does not add up and the mismatch is not
 *   accepted; 409 once cancelled, and for counts or an invoice once posted (a post sent again
 *   answers 200, nothing moving twice).
 * In a replay's batch, each answers many at once (one statement for each step of all of them);
 * a refusal, and a second write of one delivery, run alone right after, as if sent alone.
 */
/** What a delivery write answers besides the delivery. */
interface Answered {
  status: number;
  gone?: number[];
  /** With the delivery's products as they now are (a post: the device shows their stock). */
  products?: boolean;
}

/**
 * A write of deliveries, run alone or many at once by the same steps: the delivery each write
 * names and what it changes (null: its path names none), the moments it must find inside the
 * business's life, the change of all of them, and each outcome's answer or refusal.
 */
interface DeliveryWriteSteps<TWrite extends WriteDeclaration, TChange, TOutcome> {
  changeOf(write: ManyWrite<TWrite>): DeliveryChange<TChange> | null;
  momentsOf?(change: TChange): { field: string; moment: string }[];
  run(db: Db, context: WriteContext, changes: DeliveryChange<TChange>[]): Promise<TOutcome[]>;
  /** Null: to be run alone (only ever in a batch, after the others). */
  answerOf(outcome: TOutcome | undefined): Answered | HttpError | null;
}

export function mountDeliveryRoutes(app: Hono<AppEnv>, deps: Deps, writes: WriteRoutes) {
  const context = (caller: { businessId: string; userId: string }) => ({
    businessId: caller.businessId,
    userId: caller.userId,
    now: deps.now(),
  });
  const refusal = (outcome: DeliveryChangeOutcome | undefined): HttpError | null => {
    switch (outcome?.status) {
      case 'missing':
        return new HttpError(404, DELIVERY_MESSAGES.notFound);
      case 'posted':
        return new HttpError(409, DELIVERY_MESSAGES.posted);
      case 'cancelled':
        return new HttpError(409, DELIVERY_MESSAGES.cancelled);
      case 'mismatch':
        return new HttpError(409, DELIVERY_MESSAGES.mismatch, {
          extra: { difference_cents: outcome.differenceCents },
        });
      case 'saved':
        return null;
      default:
        throw new Error('A delivery write was left unanswered');
    }
  };
  const outsideLife = <TChange>(
    steps: { momentsOf?(change: TChange): { field: string; moment: string }[] },
    change: TChange,
    life: BusinessLife | null,
  ) => {
    if (!life || !steps.momentsOf) return null;
    for (const { field, moment } of steps.momentsOf(change)) {
      const problem = momentOutsideLife(field, moment, life);
      if (problem) return problem;
    }
    return null;
  };
  /** The answers of deliveries changed: each delivery (with its products when asked) by id. */
  const answersOf = async (db: Db, businessId: string, answered: Map<string, Answered>) => {
    const found = new Map(
      (await listDeliveries(db, businessId, { ids: [...answered.keys()] })).map((delivery) => [
        delivery.id,
        delivery,
      ]),
    );
    const productIds = [...answered].flatMap(([id, { products }]) =>
      products ? (found.get(id)?.lines.map((line) => line.product_id) ?? []) : [],
    );
    const products = new Map(
      (await findProducts(db, businessId, [...new Set(productIds)])).map((row) => [
        row.id,
        toEnhancedProduct(row),
      ]),
    );
    return (id: string) => {
      const delivery = found.get(id);
      const answer = answered.get(id);
      if (!delivery || !answer) return null;
      return {
        status: answer.status,
        body: {
          delivery,
          ...(answer.gone ? { gone: answer.gone } : {}),
          ...(answer.products
            ? { products: delivery.lines.flatMap((line) => products.get(line.product_id) ?? []) }
            : {}),
        },
      };
    };
  };

  const addDeliveryWrite = <TWrite extends WriteDeclaration, TChange, TOutcome>(
    write: TWrite,
    steps: DeliveryWriteSteps<TWrite, TChange, TOutcome>,
  ) =>
    writes.add(
      write,
      async (c, body, params) => {
        const caller = c.get('caller');
        const change = steps.changeOf({ body, params } as ManyWrite<TWrite>);
        if (!change) throw new HttpError(404, DELIVERY_MESSAGES.notFound);
        const life = steps.momentsOf
          ? await businessLife(c.var.db, caller.businessId, deps.now())
          : null;
        const problem = outsideLife(steps, change.change, life);
        if (problem) throw new HttpError(400, problem);
        const [outcome] = await steps.run(c.var.db, context(caller), [change]);
        const answered = steps.answerOf(outcome);
        if (answered instanceof HttpError) throw answered;
        if (!answered) throw new Error('A delivery write alone was left unanswered');
        const answer = (
          await answersOf(c.var.db, caller.businessId, new Map([[change.id, answered]]))
        )(change.id);
        if (!answer) throw new HttpError(404, DELIVERY_MESSAGES.notFound);
        return c.json(answer.body, answer.status as 200 | 201);
      },
      {
        many: async ({ db, caller }, many) => {
          const life = steps.momentsOf
            ? await businessLife(db, caller.businessId, deps.now())
            : null;
          // The first write of each delivery, its moments inside the business's life: the rest
          // run alone after, in their order, to be answered as they would be.
          const named = new Set<string>();
          const taken = many.map((write) => {
            const change = steps.changeOf(write);
            if (!change || named.has(change.id) || outsideLife(steps, change.change, life)) {
              return null;
            }
            named.add(change.id);
            return change;
          });
          const changes = taken.filter((change) => change !== null);
          const outcomes = await steps.run(db, context(caller), changes);
          const answered = new Map<string, Answered>();
          changes.forEach((change, index) => {
            // A refusal runs alone, to be answered as it would be by itself.
            const outcome = steps.answerOf(outcomes[index]);
            if (outcome && !(outcome instanceof HttpError)) answered.set(change.id, outcome);
          });
          const answerOf = await answersOf(db, caller.businessId, answered);
          return taken.map((change) => (change ? answerOf(change.id) : null));
        },
      },
    );

  /** The delivery a path names with the write's change; null when the segment cannot be one. */
  const ofPath = <TChange>(params: { id: string }, change: TChange) => {
    const id = uuidOf(params.id);
    return id ? { id, change } : null;
  };

  app.get('/deliveries', async (c) => {
    const product = c.req.query('product');
    const productId = product === undefined ? undefined : serialIdOf(product);
    if (productId === null) throw new HttpError(400, 'product must be a product id');
    const found = await listDeliveries(c.var.db, c.get('caller').businessId, { productId });
    return c.json({ deliveries: found });
  });

  addDeliveryWrite(startDeliveryWrite, {
    changeOf: ({ body }) => ({ id: body.id, change: body }),
    momentsOf: (start) => [{ field: 'started_at', moment: start.started_at }],
    run: (db, writeContext, changes) =>
      startDeliveries(
        db,
        writeContext,
        changes.map(({ change }) => change),
      ),
    answerOf(outcome) {
      switch (outcome?.status) {
        case 'created':
          return { status: 201 };
        case 'repeated':
          return { status: 200 };
        case 'taken':
          return new HttpError(409, DELIVERY_MESSAGES.idTaken);
        case 'supplier-gone':
          return new HttpError(400, DELIVERY_MESSAGES.supplierGone);
        case 'order-gone':
          return new HttpError(400, DELIVERY_MESSAGES.orderGone);
        case 'order-closed':
          return new HttpError(409, DELIVERY_MESSAGES.orderClosed);
        default:
          throw new Error('A delivery start was left unanswered');
      }
    },
  });

  addDeliveryWrite(countDeliveryWrite, {
    changeOf: ({ body, params }) => ofPath(params, body),
    momentsOf: (counts) =>
      counts.lines.map((line) => ({ field: 'counted_at', moment: line.counted_at })),
    run: recordCounts,
    answerOf: (outcome) =>
      refusal(outcome) ?? {
        status: 200,
        gone: outcome?.status === 'saved' ? (outcome.gone ?? []) : [],
      },
  });

  addDeliveryWrite(invoiceDeliveryWrite, {
    changeOf: ({ body, params }) => ofPath(params, body),
    run: saveInvoices,
    answerOf: (outcome) => refusal(outcome) ?? { status: 200 },
  });

  addDeliveryWrite(postDeliveryWrite, {
    changeOf: ({ body, params }) => ofPath(params, { acceptMismatch: body.accept_mismatch }),
    run: postDeliveries,
    answerOf(outcome) {
      // Posted already (sent again under another key): it answers as posted, nothing moves again.
      if (outcome?.status === 'posted-now' || outcome?.status === 'posted') {
        return { status: 200, products: true };
      }
      // Its products' LUC follows another delivery of the same batch: posted alone, after it.
      if (outcome?.status === 'after') return null;
      return refusal(outcome) ?? { status: 200, products: true };
    },
  });
}
