import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageLinks } from '../../../components/language-links';
import { useConsoleConfig } from '../../../lib/console-config';
import { prefetchFeedback } from '../../../lib/feedback';
import { useLogin } from '../api/use-login';
import { loginProblems, type LoginProblems } from '../login-validation';
import { redirectTarget } from '../redirect-target';
import './sign-in-form.css';

/**
 * The sign-in page's content. Plain HTML controls styled like the rest of the console: the
 * page is the first thing every user loads, so it carries no component library (the toasts
 * load it on demand, and it is prefetched while the user types), and no router: it is shown
 * on its own when the console opens on /login (main.tsx) and as the router's /login page
 * (pages/login-page.tsx).
 */
export function SignInForm({
  search,
  onSignedIn,
}: {
  /** The address's query string, which may name where to go after signing in. */
  search: string;
  /** Goes to the target once the token is stored. */
  onSignedIn: (target: string) => void;
}) {
  const { t } = useTranslation();
  const config = useConsoleConfig();
  const { signIn, pending } = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<LoginProblems>({});
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Ant Design arrives with the first keystroke, not with the page: a visitor who only looks
  // at the sign-in page downloads no component library (bench: bundle-size).
  const prefetched = useRef(false);
  const prefetchOnFirstInput = () => {
    if (prefetched.current) return;
    prefetched.current = true;
    prefetchFeedback();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = loginProblems(email, password);
    setProblems(found);
    setSubmitted(true);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    if (await signIn({ email: email.trim(), password })) {
      onSignedIn(redirectTarget(search));
    }
  };

  const recheck = (nextEmail: string, nextPassword: string) => {
    if (submitted) setProblems(loginProblems(nextEmail, nextPassword));
  };

  return (
    <main className="login-page">
      <LanguageLinks className="login-language" />
      <form
        className="login-card"
        noValidate
        onInput={prefetchOnFirstInput}
        onSubmit={(event) => void onSubmit(event)}
      >
        <h1 className="login-title">{config?.productTitle ?? t('layout.logoTitle')}</h1>
        <h2 className="login-subtitle">{t('login.heading')}</h2>
        <div className="login-field">
          <label htmlFor="login-email">{t('login.email')}</label>
          <input
            ref={emailRef}
            id="login-email"
            name="email"
            type="text"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={email}
            aria-invalid={Boolean(problems.email)}
            aria-describedby={problems.email ? 'login-email-error' : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              recheck(event.target.value, password);
            }}
          />
          {problems.email ? (
            <div id="login-email-error" className="login-error">
              {t(problems.email)}
            </div>
          ) : null}
        </div>
        <div className="login-field">
          <label htmlFor="login-password">{t('login.password')}</label>
          <input
            ref={passwordRef}
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={Boolean(problems.password)}
            aria-describedby={problems.password ? 'login-password-error' : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              recheck(email, event.target.value);
            }}
          />
          {problems.password ? (
            <div id="login-password-error" className="login-error">
              {t(problems.password)}
            </div>
          ) : null}
        </div>
        <button type="submit" className="login-submit" disabled={pending} aria-busy={pending}>
          {pending ? <span className="login-submit-spinner" aria-hidden="true" /> : null}
          {t('login.signIn')}
        </button>
      </form>
    </main>
  );
}
