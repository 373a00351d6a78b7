/**
 * The addresses opened before the console's code has loaded. The entry (main.tsx) loads the
 * console as a chunk of its own, so a page left while that chunk is still on its way would
 * never reach the router that records visits (the tab strip). The entry notes the address here
 * at once; the router records the noted addresses first when it starts. No imports: the entry
 * stays tiny.
 */
const KEY = 'pendingVisits';

export interface PendingVisit {
  pathname: string;
  search: string;
}

export function notePendingVisit(pathname: string, search: string): void {
  try {
    const pending = readPending();
    pending.push({ pathname, search });
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage full or disabled: only the tab of a page left while loading is lost.
  }
}

/** The noted addresses, oldest first, and forgets them. */
export function takePendingVisits(): PendingVisit[] {
  try {
    const pending = readPending();
    sessionStorage.removeItem(KEY);
    return pending;
  } catch {
    return [];
  }
}

function readPending(): PendingVisit[] {
  const saved: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
  if (!Array.isArray(saved)) return [];
  return (saved as Partial<PendingVisit>[]).filter(
    (item): item is PendingVisit =>
      typeof item?.pathname === 'string' && typeof item.search === 'string',
  );
}
