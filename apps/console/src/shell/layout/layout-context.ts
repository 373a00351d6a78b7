import { createContext, useContext } from 'react';
import type { RouteNode } from '@lending/contract';
import type { Session } from '../../lib/session';
import type { VisitedTab } from '../tags-view/tags-model';
import type { TabActions } from './use-visited-tabs';

/** What the shell's parts share: the session, the layout's route tree, the tabs. */
export interface LayoutContextValue {
  session: Session;
  tree: RouteNode[];
  tabs: VisitedTab[];
  activePath: string;
  actions: TabActions;
}

export const LayoutContext = createContext<LayoutContextValue | null>(null);

export function useLayout(): LayoutContextValue {
  const value = useContext(LayoutContext);
  if (!value) throw new Error('useLayout outside the layout');
  return value;
}
