import { consoleQueryClient } from '../lib/query-client';
import { Layout } from '../shell/layout/layout';
import { Providers } from './providers';

/** The signed-in part of the console: Ant Design's providers around the shell's layout. */
export function SignedIn() {
  return (
    <Providers queryClient={consoleQueryClient}>
      <Layout />
    </Providers>
  );
}
