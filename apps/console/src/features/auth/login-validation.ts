const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginProblems {
  email?: string;
  password?: string;
}

/** Field checks of the sign-in form; values are catalogue keys of the messages. */
export function loginProblems(email: string, password: string): LoginProblems {
  const problems: LoginProblems = {};
  const trimmed = email.trim();
  if (!trimmed) problems.email = 'login.emailRequired';
  else if (!EMAIL_PATTERN.test(trimmed)) problems.email = 'login.emailInvalid';
  if (!password) problems.password = 'login.passwordRequired';
  return problems;
}
