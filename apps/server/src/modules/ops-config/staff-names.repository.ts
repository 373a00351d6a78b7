import { eq } from 'drizzle-orm';
import type { Executor } from '../../plugins/db.js';
import { staffUsers } from '../user/tables.js';

/** The staff member's name as the screens show who changed what ('' when there is none). */
export async function staffNameOf(db: Executor, id: number): Promise<string> {
  const [row] = await db
    .select({ name: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.id, id));
  return row?.name ?? '';
}
