/**
 * Where to go after sign-in: the `redirect` query when it is a path of this console, else
 * '/'. Anything else (another origin, '//host', a scheme) is ignored.
 */
export function redirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return '/';
  }
  if (target === '/login' || target.startsWith('/login?')) return '/';
  return target;
}
