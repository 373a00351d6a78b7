import { useLocation, useNavigate } from 'react-router';
import { SignInForm } from '../components/sign-in-form';

/** /login inside the router: after signing in, on to the page asked for (replacing /login). */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <SignInForm
      search={location.search}
      onSignedIn={(target) => void navigate(target, { replace: true })}
    />
  );
}
