import { useCallback, useReducer, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  addTab,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  type CloseResult,
  type VisitedTab,
} from '../tags-view/tags-model';

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

function pathnameOf(fullPath: string): string {
  return fullPath.split(/[?#]/)[0] ?? fullPath;
}

export function useVisitedTabs(
  pinned: VisitedTab[],
  current: VisitedTab | null,
  currentElement: ReactNode,
) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(reducer, pinned, (tabs) => ({
    tabs,
    elements: {},
    refreshKeys: {},
    lastVisit: null,
  }));

  // Storing information from the previous render: a newly shown page becomes a tab at once.
  if (current && current.fullPath !== state.lastVisit) {
    dispatch({ type: 'visit', tab: current, element: currentElement });
  }

  const apply = useCallback(
    (result: CloseResult) => {
      dispatch({ type: 'set', tabs: result.tabs });
      if (result.next) {
        if (result.next.refresh) dispatch({ type: 'refresh', path: pathnameOf(result.next.to) });
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
