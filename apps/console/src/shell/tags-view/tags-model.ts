/** A visited page in the tab strip (docs/product.md §2 Shell: tab strip). */
export interface VisitedTab {
  /** Pathname: the tab's identity. */
  path: string;
  /** Pathname with the query, where the tab leads back to. */
  fullPath: string;
  /** Route name. */
  name: string;
  /** Route meta title (translated under `route.`). */
  title: string;
  /** Shown after the title: what the page shows (a detail's order number). */
  detail?: string | undefined;
  /** Pinned: never closed. */
  affix: boolean;
}

/** Where to go after the active tab was closed; `refresh` remounts the page. */
export interface NextView {
  to: string;
  refresh: boolean;
}

export function addTab(tabs: readonly VisitedTab[], tab: VisitedTab): VisitedTab[] {
  const existing = tabs.findIndex((candidate) => candidate.path === tab.path);
  if (existing === -1) return [...tabs, tab];
  // Same page again: keep its place, remember the latest query.
  if (tabs[existing]?.fullPath === tab.fullPath) return [...tabs];
  return tabs.map((candidate, index) =>
    index === existing ? { ...candidate, ...tab } : candidate,
  );
}

/**
 * After closing the active tab: the last remaining tab, else the dashboard when the closed
 * tab was the dashboard (refreshing it), else '/'.
 */
export function nextViewAfterClose(remaining: readonly VisitedTab[], closed: VisitedTab): NextView {
  const last = remaining.at(-1);
  if (last) return { to: last.fullPath, refresh: false };
  if (closed.name === 'Dashboard') return { to: closed.fullPath, refresh: true };
  return { to: '/', refresh: false };
}

export interface CloseResult {
  tabs: VisitedTab[];
  /** Set when the active page was closed and the view must move. */
  next: NextView | null;
}

/** Closes one tab (pinned tabs stay). */
export function closeTab(
  tabs: readonly VisitedTab[],
  path: string,
  activePath: string,
): CloseResult {
  const target = tabs.find((tab) => tab.path === path);
  if (!target || target.affix) return { tabs: [...tabs], next: null };
  const remaining = tabs.filter((tab) => tab.path !== path);
  return {
    tabs: remaining,
    next: path === activePath ? nextViewAfterClose(remaining, target) : null,
  };
}

/** Keeps the pinned tabs and `path`; the view moves to `path`. */
export function closeOtherTabs(tabs: readonly VisitedTab[], path: string): CloseResult {
  const kept = tabs.filter((tab) => tab.affix || tab.path === path);
  const target = tabs.find((tab) => tab.path === path);
  return { tabs: kept, next: target ? { to: target.fullPath, refresh: false } : null };
}

/** Keeps the pinned tabs; if the active page was not pinned, the view moves on. */
export function closeAllTabs(
  tabs: readonly VisitedTab[],
  activePath: string,
  clicked: VisitedTab,
): CloseResult {
  const kept = tabs.filter((tab) => tab.affix);
  if (kept.some((tab) => tab.path === activePath)) return { tabs: kept, next: null };
  return { tabs: kept, next: nextViewAfterClose(kept, clicked) };
}
