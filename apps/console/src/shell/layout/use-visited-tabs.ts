import { useCallback, useEffect, useReducer, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  addTab,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  type CloseResult,
  type VisitedTab,
} from '../tags-view/tags-model';
import { dropPageState, keepPageState } from '../../lib/page-state';
import { loadVisits, saveVisits } from '../../lib/visited-pages';

/**
 * The visited pages and their rendered elements (keep-alive). A page's element is kept while
 * its tab is open, so its state survives switching tabs; closing the tab drops it, and a
 * refresh bumps its key so it mounts afresh.
 */
interface TabsState {
  tabs: VisitedTab[];
  elements: Record<string, ReactNode>;
  refreshKeys: Record<string, number>;
  /** The last page visited (path with query): a tab is added when this changes. */
  lastVisit: string | null;
}

type TabsAction =
  | { type: 'visit'; tab: VisitedTab; element: ReactNode }
  | { type: 'set'; tabs: VisitedTab[] }
  | { type: 'refresh'; path: string };

function reducer(state: TabsState, action: TabsAction): TabsState {
  switch (action.type) {
    case 'visit': {
      const { tab, element } = action;
      return {
        ...state,
        tabs: addTab(state.tabs, tab),
        elements:
          tab.path in state.elements ? state.elements : { ...state.elements, [tab.path]: element },
        lastVisit: tab.fullPath,
      };
    }
    case 'set': {
      const open = new Set(action.tabs.map((tab) => tab.path));
      const elements = Object.fromEntries(
        Object.entries(state.elements).filter(([path]) => open.has(path)),
      );
      return { ...state, tabs: action.tabs, elements };
    }
    case 'refresh':
      return {
        ...state,
        refreshKeys: {
          ...state.refreshKeys,
          [action.path]: (state.refreshKeys[action.path] ?? 0) + 1,
        },
      };
  }
}

/** The pinned tabs, then the saved visits the user may still open. */
function restoreTabs(pinned: readonly VisitedTab[], isPage: (path: string) => boolean) {
  const tabs = [...pinned];
  for (const visit of loadVisits()) {
    if (isPage(visit.path) && !tabs.some((tab) => tab.path === visit.path)) {
      tabs.push({ ...visit, affix: false });
    }
  }
  return tabs;
}

function pathnameOf(fullPath: string): string {
  return fullPath.split(/[?#]/)[0] ?? fullPath;
}

export function useVisitedTabs(
  pinned: VisitedTab[],
  isPage: (path: string) => boolean,
  current: VisitedTab | null,
  currentElement: ReactNode,
) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(reducer, pinned, (tabs) => ({
    tabs: restoreTabs(tabs, isPage),
    elements: {},
    refreshKeys: {},
    lastVisit: null,
  }));

  useEffect(() => {
    saveVisits(state.tabs.filter((tab) => !tab.affix));
    keepPageState(state.tabs.map((tab) => tab.path));
  }, [state.tabs]);

  // Storing information from the previous render: a newly shown page becomes a tab at once.
  if (current && current.fullPath !== state.lastVisit) {
    dispatch({ type: 'visit', tab: current, element: currentElement });
  }

  const apply = useCallback(
    (result: CloseResult) => {
      dispatch({ type: 'set', tabs: result.tabs });
      if (result.next) {
        if (result.next.refresh) {
          dropPageState([pathnameOf(result.next.to)]);
          dispatch({ type: 'refresh', path: pathnameOf(result.next.to) });
        }
        void navigate(result.next.to);
      }
    },
    [navigate],
  );

  const activePath = current?.path ?? '';
  const actions = {
    close: (path: string) => apply(closeTab(state.tabs, path, activePath)),
    closeOthers: (path: string) => apply(closeOtherTabs(state.tabs, path)),
    closeAll: (tab: VisitedTab) => apply(closeAllTabs(state.tabs, activePath, tab)),
    refresh: (tab: VisitedTab) => {
      dropPageState([tab.path]);
      dispatch({ type: 'refresh', path: tab.path });
      if (tab.path !== activePath) void navigate(tab.fullPath);
    },
    open: (tab: VisitedTab) => {
      if (tab.path !== activePath) void navigate(tab.fullPath);
    },
  };

  return { ...state, activePath, actions };
}

export type TabActions = ReturnType<typeof useVisitedTabs>['actions'];
