import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

/** Records an admin change; call it inside the write's transaction. */
export async function audit(
  tx: DbOrTx,
  userId: number | null | undefined,
  action: string,
  entity: string,
  entityId: number | null,
  data?: unknown,
) {
  await tx.insert(auditLog).values({ userId: userId ?? null, action, entity, entityId, data: data ?? null });
}
