import { Trash2, UserPlus, X } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import * as v from 'valibot';
import { useCustomers } from '#data/hooks/use-customers.ts';
import {
  addAttendee,
  addEvent,
  deleteEvent,
  editEvent,
  removeAttendee,
} from '#data/repositories/events.ts';
import { customersToChoose } from '#domains/customers/customer-list.ts';
import {
  type CalendarEvent,
  comingText,
  EVENT_FIELDS,
  EVENT_MESSAGES,
  type EventChanges,
  type EventField,
  hasRoom,
} from '#domains/events/event.ts';
import { sameValue } from '#shared/sync/field-merge.ts';
import { DialogFooter } from '#ui/dialog-footer.tsx';
import { Field } from '#ui/field.tsx';
import { Modal } from '#ui/modal.tsx';

export const EVENT_TEXT = {
  newEvent: 'New event',
  editEvent: 'Edit event',
  title: 'Name',
  day: 'Day',
  startsAt: 'Starts',
  endsAt: 'Ends (optional)',
  capacity: 'Places (optional)',
  capacityHint: 'Leave empty for no limit',
  notes: 'Notes',
  save: 'Save',
  delete: 'Delete event',
  deleteQuestion: (title: string) => `Delete ${title}? Who is coming is forgotten with it.`,
  keep: 'Keep event',
  coming: 'Who is coming',
  nobody: 'Nobody yet: add the shop’s customers as they book.',
  add: 'Add a guest',
  find: 'Find a customer',
  noMatch: (query: string) => `No customer matches "${query}".`,
  remove: (name: string) => `Take ${name} off`,
  full: (capacity: number) => EVENT_MESSAGES.full(capacity),
  unknown: 'A customer not on this device',
  waiting: 'Saved on this device; on its way to the server',
} as const;

type Typed = Record<EventField, string>;

const typedOf = (event: CalendarEvent | null, day: string): Typed => ({
  title: event?.title ?? '',
  day: event?.day ?? day,
  starts_at: event?.starts_at ?? '18:00',
  ends_at: event?.ends_at ?? '',
  capacity: event?.capacity === null || event?.capacity === undefined ? '' : String(event.capacity),
  notes: event?.notes ?? '',
});

/** What was typed, as the event's details, or each field's problem. */
function checked(
  typed: Typed,
): { ok: true; values: Required<EventChanges> } | { ok: false; errors: Partial<Typed> } {
  const errors: Partial<Typed> = {};
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(EVENT_FIELDS) as EventField[]) {
    const raw =
      key === 'capacity'
        ? typed.capacity.trim() === ''
          ? null
          : Number(typed.capacity)
        : typed[key];
    const result = v.safeParse(EVENT_FIELDS[key], raw);
    if (result.success) values[key] = result.output;
    else errors[key] = result.issues[0].message;
  }
  const { starts_at: start, ends_at: end } = values as { starts_at?: string; ends_at?: string };
  if (!errors.ends_at && start && end && end <= start)
    errors.ends_at = EVENT_MESSAGES.endBeforeStart;
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, values: values as Required<EventChanges> };
}

/**
 * An event on the calendar: made, changed (moved to another day or time, renamed…) and deleted,
 * and the shop's customers who are coming added and taken off, within its places. Offline too:
 * each change waits in the outbox and shows at once.
 */
export function EventDialog({
  event,
  day,
  onClose,
}: {
  /** The event opened; null to make one on `day`. */
  event: CalendarEvent | null;
  day: string;
  onClose: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState<Typed>(() => typedOf(event, day));
  const [errors, setErrors] = useState<Partial<Typed>>({});
  const [deleting, setDeleting] = useState(false);

  async function save(submitted: FormEvent) {
    submitted.preventDefault();
    const result = checked(typed);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    if (event) {
      const changes = Object.fromEntries(
        Object.entries(result.values).filter(
          ([key, value]) => !sameValue(event[key as EventField], value),
        ),
      ) as EventChanges;
      if (Object.keys(changes).length > 0) await editEvent(event, changes);
    } else {
      await addEvent(result.values);
    }
    onClose();
  }

  const set = (key: EventField) => (value: string) => {
    setTyped((was) => ({ ...was, [key]: value }));
    setErrors((was) => ({ ...was, [key]: undefined }));
  };
  const input = (key: EventField, label: string, type = 'text', hint?: string) => (
    <Field label={label} error={errors[key]} hint={hint}>
      {(control) => (
        <input
          {...control}
          className="field__input"
          type={type}
          inputMode={key === 'capacity' ? 'numeric' : undefined}
          value={typed[key]}
          onChange={(change) => set(key)(change.target.value)}
        />
      )}
    </Field>
  );

  return (
    <Modal
      title={event ? event.title : EVENT_TEXT.newEvent}
      onClose={onClose}
      footer={
        <DialogFooter confirmLabel={EVENT_TEXT.save} form={`${id}-form`} onCancel={onClose} />
      }
    >
      <form id={`${id}-form`} className="event-form" noValidate onSubmit={(e) => void save(e)}>
        {input('title', EVENT_TEXT.title)}
        <div className="event-form__row">
          {input('day', EVENT_TEXT.day, 'date')}
          {input('starts_at', EVENT_TEXT.startsAt, 'time')}
          {input('ends_at', EVENT_TEXT.endsAt, 'time')}
        </div>
        {input('capacity', EVENT_TEXT.capacity, 'text', EVENT_TEXT.capacityHint)}
        <Field label={EVENT_TEXT.notes} error={errors.notes}>
          {(control) => (
            <textarea
              {...control}
              className="field__input"
              rows={2}
              value={typed.notes}
              onChange={(change) => set('notes')(change.target.value)}
            />
          )}
        </Field>
      </form>
      {event ? <Guests event={event} /> : null}
      {event ? (
        <div className="event-form__danger">
          <button
            type="button"
            className="button button--danger button--small"
            onClick={() => setDeleting(true)}
          >
            <Trash2 size={14} aria-hidden="true" /> {EVENT_TEXT.delete}
          </button>
        </div>
      ) : null}
      {deleting && event ? (
        <Modal
          title={EVENT_TEXT.delete}
          role="alertdialog"
          size="small"
          onClose={() => setDeleting(false)}
          footer={
            <DialogFooter
              confirmLabel={EVENT_TEXT.delete}
              cancelLabel={EVENT_TEXT.keep}
              tone="danger"
              onCancel={() => setDeleting(false)}
              onConfirm={() => {
                void deleteEvent(event).then(onClose);
              }}
            />
          }
        >
          <p>{EVENT_TEXT.deleteQuestion(event.title)}</p>
        </Modal>
      ) : null}
    </Modal>
  );
}

/** Who is coming: each by name, taken off by a tap; more found among the shop's customers. */
function Guests({ event }: { event: CalendarEvent }) {
  const id = useId();
  const customers = useCustomers();
  const [query, setQuery] = useState('');
  const names = useMemo(
    () => new Map((customers ?? []).map((customer) => [customer.id, customer.name])),
    [customers],
  );
  const found = useMemo(
    () =>
      customersToChoose(customers ?? [], query, 6).filter(
        (customer) => !event.attendees.includes(customer.id),
      ),
    [customers, query, event.attendees],
  );
  const room = hasRoom(event);
  return (
    <section className="event-guests" aria-labelledby={`${id}-coming`}>
      <h3 id={`${id}-coming`} className="event-guests__title">
        {EVENT_TEXT.coming} · {comingText(event)}
      </h3>
      {event.attendees.length === 0 ? (
        <p className="orders-empty">{EVENT_TEXT.nobody}</p>
      ) : (
        <ul className="event-guests__list">
          {event.attendees.map((customerId) => {
            const name = names.get(customerId) ?? EVENT_TEXT.unknown;
            return (
              <li key={customerId} className="event-guests__guest">
                <span>{name}</span>
                <button
                  type="button"
                  className="button button--link"
                  aria-label={EVENT_TEXT.remove(name)}
                  onClick={() => void removeAttendee(event, customerId)}
                >
                  <X size={14} aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {room ? (
        <>
          <label className="field__label" htmlFor={`${id}-find`}>
            {EVENT_TEXT.find}
          </label>
          <input
            id={`${id}-find`}
            className="field__input"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(change) => setQuery(change.target.value)}
          />
          {query.trim() && found.length === 0 ? (
            <p className="orders-empty">{EVENT_TEXT.noMatch(query.trim())}</p>
          ) : (
            <ul className="event-guests__found">
              {found.map((customer) => (
                <li key={customer.id}>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => {
                      void addAttendee(event, customer.id);
                      setQuery('');
                    }}
                  >
                    <UserPlus size={14} aria-hidden="true" /> {customer.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : event.capacity !== null ? (
        <p className="orders-empty">{EVENT_TEXT.full(event.capacity)}</p>
      ) : null}
    </section>
  );
}
