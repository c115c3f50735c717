import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { idempotencyKeys, users } from '../db/schema.ts';

/**
 * Drops the answers kept for writes sent again (idempotency.ts) that mention `id`, among the
 * business's people: a customer erased at their request, whose writes' answers held their
 * details. `id` is a uuid, so it has nothing LIKE would read as a pattern.
 */
export async function forgetAnswersMentioning(tx: Tx, businessId: string, id: string) {
  await tx.execute(sql`
    delete from ${idempotencyKeys}
    where response_body like ${`%${id}%`}
      and user_id in (select ${users.id} from ${users} where ${users.businessId} = ${businessId})`);
}
