import { defineWrite } from '#shared/write-declaration.ts';
import { AttendeeSchema, EventCreateSchema, EventPatchSchema } from './event.ts';

/** An event made, its details changed (moved, renamed…) field by field, or deleted. */
export const createEventWrite = defineWrite({
  op: 'event.create',
  method: 'POST',
  route: '/events',
  access: 'events.edit',
  body: EventCreateSchema,
  role: 'create',
});

export const editEventWrite = defineWrite({
  op: 'event.update',
  method: 'PATCH',
  route: '/events/:id',
  access: 'events.edit',
  body: EventPatchSchema,
  role: 'update',
});

export const deleteEventWrite = defineWrite({
  op: 'event.delete',
  method: 'DELETE',
  route: '/events/:id',
  access: 'events.edit',
  body: null,
  role: 'delete',
});

/** One customer coming, or no longer: each stands on its own, so two tablets' both count. */
export const addAttendeeWrite = defineWrite({
  op: 'event.attend',
  method: 'POST',
  route: '/events/:id/attendees',
  access: 'events.edit',
  body: AttendeeSchema,
  role: 'append',
});

export const removeAttendeeWrite = defineWrite({
  op: 'event.leave',
  method: 'DELETE',
  route: '/events/:id/attendees/:customerId',
  access: 'events.edit',
  body: null,
  role: 'append',
});
