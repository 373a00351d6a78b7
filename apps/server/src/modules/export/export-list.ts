import type { CallerGrants } from '../../plugins/auth.js';
import type { ExportableList, ExportDeps } from './export-deps.js';

/** The screen's filters and sort, as the export job keeps them. */
export interface StoredRequest {
  filters?: Record<string, unknown> | undefined;
  sort?: { field: string; order: 'asc' | 'desc' } | undefined;
}

export function holds(grants: CallerGrants, id: string): boolean {
  return grants.isAdmin || grants.interfaces.has(id);
}

/** The list's own body for one page (the list checks it with its own schema). */
function listBody(request: StoredRequest, page: number, pageSize: number) {
  return {
    page,
    pageSize,
    ...(request.filters !== undefined ? { filters: request.filters } : {}),
    ...(request.sort !== undefined ? { sort: request.sort } : {}),
  };
}

/** One page of the list, exactly as the screen asks for it, with the job owner's grants. */
export async function fetchPage(
  deps: Pick<ExportDeps, 'db'>,
  list: ExportableList,
  userId: number,
  grants: CallerGrants,
  request: StoredRequest,
  page: number,
  pageSize: number,
): Promise<{ list: Record<string, unknown>[]; total: number }> {
  const answer = await list.read({
    body: listBody(request, page, pageSize),
    userId,
    grants,
    db: deps.db,
  });
  // Checked like the screen's answer: a field the contract does not promise never reaches the file.
  const checked = list.endpoint.ret.parse(answer) as {
    list: Record<string, unknown>[];
    total: number;
  };
  return checked;
}
