import { useCallback, useState } from 'react';
import type { LoginBody } from '@lending/contract';
import { api } from '../../../lib/api';
import { setToken } from '../../../lib/cookies';
import { loginEndpoint } from '../../../lib/first-load-endpoints';

/**
 * Signs in (docs/product.md §7 POST /user/login): the e-mail is trimmed, the token goes to the
 * cookie. Plain state rather than TanStack Query keeps the sign-in page's first load light.
 */
export function useLogin() {
  const [pending, setPending] = useState(false);
  const signIn = useCallback(async (input: LoginBody): Promise<boolean> => {
    setPending(true);
    try {
      const { token } = await api.call(loginEndpoint, {
        email: input.email.trim(),
        password: input.password,
      });
      setToken(token);
      return true;
    } catch {
      // The request client has shown the server's message.
      return false;
    } finally {
      setPending(false);
    }
  }, []);
  return { signIn, pending };
}
