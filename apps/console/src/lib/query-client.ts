import { QueryClient } from '@tanstack/react-query';
import { RequestError } from './request';

/**
 * The console's query cache rules. The app makes one client; each test render makes its own,
 * so no test sees another's cached answers.
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // A business refusal will not change by asking again; a network blip may.
        retry:
          options.retry === false
            ? false
            : (count, error) =>
                !(error instanceof RequestError && error.kind === 'business') && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The console's one query cache; it outlives sign-outs only until the page reloads. The route
 * loaders fill it too (a page's first call sent with user_info, decision 0093).
 */
export const consoleQueryClient = createQueryClient();
