import { createQueryClient } from '../lib/query-client';
import { Layout } from '../shell/layout/layout';
import { Providers } from './providers';

/** The console's one query cache; it outlives sign-outs only until the page reloads. */
const queryClient = createQueryClient();

/** The signed-in part of the console: Ant Design's providers around the shell's layout. */
export function SignedIn() {
  return (
    <Providers queryClient={queryClient}>
      <Layout />
    </Providers>
  );
}
