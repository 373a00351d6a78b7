import {
  ADMIN_ROLE,
  businessRoutes,
  grantableInterfaceIds,
  type RouteNode,
} from '@lending/contract';
import { AppError } from '../../shared/app-error.js';

/** Route names a role may grant: the dashboard and every name of the business tree. */
function allNames(nodes: RouteNode[]): string[] {
  return nodes.flatMap((node) => [
    ...(node.name ? [node.name] : []),
    ...allNames(node.children ?? []),
  ]);
}
export const grantableMenuNames: ReadonlySet<string> = new Set([
  'Dashboard',
  ...allNames(businessRoutes),
]);
const grantableInterfaces: ReadonlySet<string> = new Set(grantableInterfaceIds);

/** Every route name a set of granted names opens: a granted group opens its whole subtree. */
export function coveredMenus(menus: readonly string[]): Set<string> {
  const granted = new Set(menus);
  const covered = new Set<string>();
  const visit = (nodes: RouteNode[], inherited: boolean) => {
    for (const node of nodes) {
      const open = inherited || (node.name !== undefined && granted.has(node.name));
      if (open && node.name) covered.add(node.name);
      visit(node.children ?? [], open);
    }
  };
  visit(businessRoutes, false);
  if (granted.has('Dashboard')) covered.add('Dashboard');
  return covered;
}

/** What a caller holds, for the no-self-escalation rule. */
export interface HeldGrants {
  isAdmin: boolean;
  menus: readonly string[];
  interfaces: ReadonlySet<string>;
}

export function validateMenus(menus: readonly string[]): string[] {
  const unique = [...new Set(menus)];
  const unknown = unique.filter((name) => !grantableMenuNames.has(name));
  if (unknown.length > 0)
    throw AppError.invalid('menus', `unknown route name ${unknown.join(', ')}`);
  return unique;
}

export function validateInterfaces(interfaces: readonly string[]): string[] {
  const unique = [...new Set(interfaces)];
  const unknown = unique.filter((id) => !grantableInterfaces.has(id));
  if (unknown.length > 0) {
    throw AppError.invalid('interfaces', `unknown interface id ${unknown.join(', ')}`);
  }
  return unique;
}

/** The menus and interfaces a role set gives that the holder does not have (empty for admin). */
export function grantsBeyond(
  held: HeldGrants,
  wanted: { isAdmin?: boolean; menus: readonly string[]; interfaces: readonly string[] },
): string[] {
  if (held.isAdmin) return [];
  if (wanted.isAdmin) return [ADMIN_ROLE];
  const menus = coveredMenus(held.menus);
  return [
    ...wanted.menus.filter((name) => !menus.has(name)),
    ...wanted.interfaces.filter((id) => !held.interfaces.has(id)),
  ];
}

/** No self-escalation: nobody grants what they do not hold (docs/security.md). */
export function mustHoldAll(
  held: HeldGrants,
  wanted: { isAdmin?: boolean; menus: readonly string[]; interfaces: readonly string[] },
): void {
  const beyond = grantsBeyond(held, wanted);
  if (beyond.length > 0)
    throw new AppError('grantNotHeld', { field: beyond.slice(0, 5).join(', ') });
}
