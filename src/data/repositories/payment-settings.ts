import * as v from 'valibot';
import {
  DEFAULT_PAYMENT_SETTINGS,
  type PaymentSettings,
  type PaymentSettingsAnswer,
  PaymentSettingsAnswerSchema,
  type PaymentSettingsChanges,
} from '#domains/sales/payment-settings.ts';
import { paymentSettingsRead } from '#domains/sales/reads.ts';
import type { ShopIdentity } from '#domains/sales/tax-invoice.ts';
import { savePaymentSettingsWrite, setApprovalPinWrite } from '#domains/sales/writes.ts';
import { ErrorBodySchema } from '#shared/validation.ts';
import { writeRequest } from '#shared/write-declaration.ts';
import { apiJson, readJson } from '../api-client.ts';
import { db, type PaymentSettingsMeta } from '../db.ts';
import { laterWritesOfResource, queueWrite } from '../sync/outbox.ts';
import { requestReplay } from '../sync/replayer.ts';
import { defineWriteHandler } from '../sync/write-handler.ts';
import { answerIsStale, hasUnsentWrites, isOfflineError, LOAD_CACHE } from './load-policy.ts';

/**
 * Settings → Payment & Tax on this device: kept in Dexie (the POS reads them offline), changed
 * through the outbox one setting at a time (`PATCH /sales/settings {changes}`), the changes of
 * one save merged with those still waiting.
 */
export const PAYMENT_SETTINGS_RESOURCE = 'payment-settings';
const RECORD = 'payment';

export const PAYMENT_SETTINGS_TEXT = {
  saveFailed: 'Your Payment & Tax change could not be saved.',
} as const;

const defaults = (): PaymentSettingsAnswer => ({
  settings: structuredClone(DEFAULT_PAYMENT_SETTINGS) as PaymentSettings,
  approvers: [],
});

export async function storedPaymentSettings(
  businessId: string,
): Promise<PaymentSettingsMeta | undefined> {
  const stored = await db.meta.get('payment-settings');
  return stored?.key === 'payment-settings' && stored.businessId === businessId
    ? stored
    : undefined;
}

async function store(businessId: string, answer: unknown) {
  const stored: PaymentSettingsMeta = {
    key: 'payment-settings',
    businessId,
    answer: v.parse(PaymentSettingsAnswerSchema, answer),
    fetchedAt: Date.now(),
  };
  await db.meta.put(stored);
  return stored.answer;
}

/** The settings from the server, or the stored ones (defaults) offline or while a change waits. */
export async function refreshPaymentSettings(businessId: string): Promise<PaymentSettingsAnswer> {
  const local = await storedPaymentSettings(businessId);
  if (local && (await hasUnsentWrites(PAYMENT_SETTINGS_RESOURCE))) return local.answer;
  const askedAt = Date.now();
  try {
    const answer = await readJson(paymentSettingsRead, {});
    return await db.transaction('rw', db.meta, db.outbox, async () => {
      const current = await storedPaymentSettings(businessId);
      if (current && (await answerIsStale(PAYMENT_SETTINGS_RESOURCE, askedAt, current.fetchedAt))) {
        return current.answer;
      }
      return store(businessId, answer);
    });
  } catch (error) {
    if (isOfflineError(error)) return local?.answer ?? defaults();
    throw error;
  }
}

export const paymentSettingsQuery = (businessId: string) => ({
  queryKey: ['sales', 'settings', businessId] as const,
  queryFn: () => refreshPaymentSettings(businessId),
  ...LOAD_CACHE,
});

/**
 * Who the receipts are from, changed on this device (Business Profile saved here): the till's
 * copy follows at once, offline too, until its settings are next read from the server.
 */
export async function rememberShop(businessId: string, shop: ShopIdentity): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const stored = await storedPaymentSettings(businessId);
    if (!stored) return;
    await db.meta.put({ ...stored, answer: { ...stored.answer, shop } });
  });
}

/** Changes some settings here at once, and queues them for the server. */
export async function changePaymentSettings(businessId: string, changes: PaymentSettingsChanges) {
  await db.transaction('rw', db.meta, db.outbox, async () => {
    const previous = await storedPaymentSettings(businessId);
    const answer = previous?.answer ?? defaults();
    await db.meta.put({
      key: 'payment-settings',
      businessId,
      answer: { ...answer, settings: { ...answer.settings, ...changes } },
      fetchedAt: previous?.fetchedAt ?? 0,
    });
    await queueWrite<{ changes: PaymentSettingsChanges }, PaymentSettingsMeta | null>({
      resource: PAYMENT_SETTINGS_RESOURCE,
      recordId: RECORD,
      ...writeRequest(savePaymentSettingsWrite, {}),
      body: { changes },
      revert: previous ?? null,
    });
  });
  requestReplay();
}

/** Sets the signed-in manager's approval PIN (online only: a PIN never waits on a device). */
export async function setApprovalPin(businessId: string, pin: string) {
  const answer = await apiJson(setApprovalPinWrite.route, PaymentSettingsAnswerSchema, {
    method: setApprovalPinWrite.method,
    body: JSON.stringify({ pin }),
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  await store(businessId, answer);
}

export const paymentSettingsHandler = defineWriteHandler<
  { changes: PaymentSettingsChanges },
  PaymentSettingsMeta | null
>({
  declaration: savePaymentSettingsWrite,
  absorbUpdate: (body, update) => ({
    changes: { ...body.changes, ...(update as { changes: PaymentSettingsChanges }).changes },
  }),
  async acknowledge(entry, answer) {
    await db.transaction('rw', db.meta, db.outbox, async () => {
      const stored = await db.meta.get('payment-settings');
      if (stored?.key !== 'payment-settings' || (await laterWritesOfResource(entry))) return;
      await store(stored.businessId, answer);
    });
  },
  async revert(entry) {
    await db.transaction('rw', db.meta, db.outbox, async () => {
      if (await laterWritesOfResource(entry)) return;
      if (entry.revert) await db.meta.put(entry.revert);
      else await db.meta.delete('payment-settings');
    });
  },
  describe: () => 'Payment & Tax settings',
  failureNotice: (_entry, refusal) => {
    const body = v.safeParse(ErrorBodySchema, refusal.body);
    return {
      kind: 'alert',
      text: `${PAYMENT_SETTINGS_TEXT.saveFailed} ${body.success ? body.output.message : ''}`.trim(),
    };
  },
});
