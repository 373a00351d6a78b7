import { useContext, useState } from 'react';
import { useLocation } from 'react-router';
import { PageScopeContext } from '../../lib/page-state';

/**
 * The `orderNo` of this page's own address. A kept-alive page stays rendered (hidden) while
 * another tab is shown; it keeps the order it showed instead of reading the other page's query.
 */
export function useOwnOrderNo(): string {
  const scope = useContext(PageScopeContext);
  const location = useLocation();
  const own = !scope || location.pathname === scope;
  const current = new URLSearchParams(location.search).get('orderNo') ?? '';
  const [kept, setKept] = useState(current);
  if (own && kept !== current) setKept(current);
  return own ? current : kept;
}
