import { Hono } from 'hono';
import * as v from 'valibot';
import { ENTITY_TYPES } from '#domains/custom-fields/field-types.ts';
import {
  CUSTOM_FIELD_MESSAGES,
  duplicateFieldKeyMessage,
} from '#domains/custom-fields/messages.ts';
import {
  createCustomFieldWrite,
  deleteCustomFieldWrite,
  updateCustomFieldWrite,
} from '#domains/custom-fields/writes.ts';
import type { Db } from '../db/client.ts';
import { FIELD_KEY_UNIQUE } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { HttpError, MESSAGES } from '../http/errors.ts';
import { SerialIdSchema } from '../http/params.ts';
import type { WriteRoutes } from '../http/write-routes.ts';
import {
  createDefinition,
  deleteDefinition,
  findDefinition,
  keyTaken,
  listDefinitions,
  updateDefinition,
} from './repository.ts';

/**
 * Custom field definitions per business (spec section 7):
 * GET /definitions/{entity_type}?format=full|compact, POST /definitions (201),
 * PUT /definitions/{id}, DELETE /definitions/{id} (204).
 * 'full' (the default) answers whole definitions; 'compact' only what a column needs
 * (id, field_key, field_name, field_type, is_required).
 */
export const DEFINITION_FORMATS = ['full', 'compact'] as const;

/**
 * A create or a rename whose key another request took a moment ago, after the check above: the
 * unique index refuses it, and the answer is the same 409.
 */
async function keyUnique<T>(fieldKey: string, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, FIELD_KEY_UNIQUE)) {
      throw new HttpError(409, duplicateFieldKeyMessage(fieldKey));
    }
    throw error;
  }
}

export function customFieldRoutes(deps: Deps, writes: WriteRoutes) {
  const app = new Hono<AppEnv>();
  const context = (caller: { businessId: string; userId: string }) => ({
    businessId: caller.businessId,
    userId: caller.userId,
    now: deps.now(),
  });

  async function existingDefinition(db: Db, businessId: string, idText: string) {
    const id = v.safeParse(SerialIdSchema, idText);
    const row = id.success ? await findDefinition(db, businessId, id.output) : undefined;
    if (!row) throw new HttpError(404, MESSAGES.notFound);
    return row;
  }

  app.get('/definitions/:entityType', async (c) => {
    const entityType = c.req.param('entityType');
    if (!(ENTITY_TYPES as readonly string[]).includes(entityType)) {
      throw new HttpError(400, CUSTOM_FIELD_MESSAGES.entityTypeInvalid);
    }
    const format = c.req.query('format') ?? 'full';
    if (!(DEFINITION_FORMATS as readonly string[]).includes(format)) {
      throw new HttpError(400, `format must be one of: ${DEFINITION_FORMATS.join(', ')}`);
    }
    const definitions = await listDefinitions(c.var.db, c.get('caller').businessId, entityType);
    if (format === 'compact') {
      return c.json({
        definitions: definitions.map(({ id, field_key, field_name, field_type, is_required }) => ({
          id,
          field_key,
          field_name,
          field_type,
          is_required,
        })),
      });
    }
    return c.json({ definitions });
  });

  writes.add(createCustomFieldWrite, async (c, body) => {
    const { businessId } = c.get('caller');
    if (await keyTaken(c.var.db, businessId, body.entity_type, body.field_key)) {
      throw new HttpError(409, duplicateFieldKeyMessage(body.field_key));
    }
    return c.json(
      await keyUnique(body.field_key, createDefinition(c.var.db, businessId, body, deps.now())),
      201,
    );
  });

  writes.add(updateCustomFieldWrite, async (c, body, { id }) => {
    const { businessId } = c.get('caller');
    const existing = await existingDefinition(c.var.db, businessId, id);
    if (await keyTaken(c.var.db, businessId, body.entity_type, body.field_key, existing.id)) {
      throw new HttpError(409, duplicateFieldKeyMessage(body.field_key));
    }
    return c.json(
      await keyUnique(
        body.field_key,
        updateDefinition(c.var.db, context(c.get('caller')), existing, body),
      ),
    );
  });

  writes.add(deleteCustomFieldWrite, async (c, _body, { id }) => {
    const { businessId } = c.get('caller');
    const existing = await existingDefinition(c.var.db, businessId, id);
    await deleteDefinition(c.var.db, context(c.get('caller')), existing);
    return c.body(null, 204);
  });

  return app;
}
