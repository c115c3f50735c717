import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import * as v from 'valibot';
import { useCan, useSignedInUser } from '#data/hooks/use-permissions.ts';
import { useBusinessProfile } from '#data/hooks/use-team.ts';
import { rememberShop } from '#data/repositories/payment-settings.ts';
import { businessProfileQuery, saveBusinessProfile } from '#data/repositories/team.ts';
import { deviceTimeZone } from '#data/time-zone.ts';
import {
  type BusinessProfile,
  BusinessProfileSchema,
  CURRENCY_SYMBOL,
  PROFILE_MESSAGES,
} from '#domains/business/profile.ts';
import { TAX_CATEGORIES, TAX_CATEGORY_LABELS, type TaxCategory } from '#domains/products/tax.ts';
import { timeZones } from '#shared/time-zones.ts';
import { firstMessageByField } from '#shared/validation.ts';
import { Field } from '#ui/field.tsx';
import { PageHeader } from '#ui/page-header.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { showToast } from '#ui/toast.tsx';
import './team.css';

type Errors = Partial<Record<keyof BusinessProfile, string>>;

const TEXT_FIELDS: { key: 'name' | 'tax_number' | 'address' | 'phone'; label: string }[] = [
  { key: 'name', label: 'Business name' },
  { key: 'tax_number', label: 'ABN / tax number' },
  { key: 'address', label: 'Address' },
  { key: 'phone', label: 'Phone' },
];

/**
 * Settings → Business Profile: the business's name (the sidebar and profile menu show it), ABN,
 * address and phone (its receipts name them), its time zone, the currency ($), and the tax
 * category GST is suggested from. Owners change it; everyone else reads it. Saved through the
 * outbox.
 */
export function BusinessProfilePage() {
  const id = useId();
  const canEdit = useCan('profile.manage');
  const { query, waiting } = useBusinessProfile();
  const queryClient = useQueryClient();
  const user = useSignedInUser();
  const [draft, setDraft] = useState<BusinessProfile | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  // The form starts from the saved profile, and follows it until something is typed.
  useEffect(() => {
    if (query.data && draft === null) {
      const { currency: _currency, ...profile } = query.data;
      // A shop without a zone yet is offered this device's, to save.
      setDraft({ ...profile, time_zone: profile.time_zone || deviceTimeZone() });
    }
  }, [query.data, draft]);

  if (query.isPending || (query.data && draft === null)) {
    return (
      <>
        <PageHeader title="Business Profile" />
        <PageSpinner label="Loading the business profile..." />
      </>
    );
  }
  if (!draft) {
    return (
      <>
        <PageHeader title="Business Profile" />
        <div className="card team-note" role="alert">
          <p>The business profile could not be loaded: {query.error?.message}</p>
          <button type="button" className="button button--link" onClick={() => query.refetch()}>
            Try again
          </button>
        </div>
      </>
    );
  }

  const set = (key: keyof BusinessProfile, value: string) => {
    setDraft({ ...draft, [key]: value });
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = v.safeParse(BusinessProfileSchema, draft);
    if (!parsed.success) {
      setErrors(firstMessageByField(parsed.issues));
      return;
    }
    await saveBusinessProfile(parsed.output);
    // The till's receipts name the shop as saved, offline too.
    if (user?.businessId) {
      const { name, tax_number, address, phone, time_zone = '' } = parsed.output;
      await rememberShop(user.businessId, { name, tax_number, address, phone, time_zone });
    }
    // Shown everywhere at once, offline too; read again from the server once it has it.
    queryClient.setQueryData(businessProfileQuery().queryKey, {
      ...parsed.output,
      currency: CURRENCY_SYMBOL,
    });
    showToast(PROFILE_MESSAGES.saved, 'success');
  }

  return (
    <>
      <PageHeader title="Business Profile" subtitle="How your business appears in Vintry." />
      <form
        className="card team-section"
        noValidate
        onSubmit={submit}
        aria-label="Business Profile"
      >
        {canEdit ? null : (
          <p className="team-note__small">Only an owner can change the business profile.</p>
        )}
        {waiting.length > 0 ? (
          <p className="team-note__small" role="status">
            Saved on this device; it reaches the server when online.
          </p>
        ) : null}
        <div className="team-invite__fields">
          {TEXT_FIELDS.map(({ key, label }) => (
            <Field key={key} label={label} id={`${id}-${key}`} error={errors[key]}>
              {(control) => (
                <input
                  {...control}
                  className="field__input"
                  value={draft[key]}
                  readOnly={!canEdit}
                  inputMode={key === 'phone' ? 'tel' : undefined}
                  onChange={(event) => set(key, event.target.value)}
                />
              )}
            </Field>
          ))}
          <Field label="Currency">
            {(control) => (
              <input {...control} className="field__input" value={CURRENCY_SYMBOL} readOnly />
            )}
          </Field>
          <Field
            label="Time zone"
            hint={
              query.data?.time_zone
                ? 'Receipts, today and every figure by day use it.'
                : 'Proposed from this device: save to have receipts, today and every figure by day use it.'
            }
          >
            {(control) => (
              <select
                {...control}
                className="field__input"
                value={draft.time_zone ?? ''}
                disabled={!canEdit}
                onChange={(event) => set('time_zone', event.target.value)}
              >
                {[...timeZones()].sort().map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-tax`} label="Default tax category (GST suggestions)">
            {(control) => (
              <select
                {...control}
                className="field__input"
                value={draft.default_tax_category}
                disabled={!canEdit}
                onChange={(event) => set('default_tax_category', event.target.value as TaxCategory)}
              >
                {TAX_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {TAX_CATEGORY_LABELS[category]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {canEdit ? (
          <button type="submit" className="button button--primary">
            Save profile
          </button>
        ) : null}
      </form>
    </>
  );
}
