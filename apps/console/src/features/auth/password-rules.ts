import { isAcceptablePassword } from '@lending/contract';

/**
 * A new password has at least 8 characters with both letters and numbers (the
 * contract's rule, also enforced by the server); it is entered twice and must match.
 * Each returns the catalogue key of the message, or null when the value is fine.
 */
export function newPasswordProblem(value: string | undefined): string | null {
  return isAcceptablePassword(value ?? '') ? null : 'changePassword.passwordRule';
}

export function confirmPasswordProblem(
  newPassword: string | undefined,
  confirmation: string | undefined,
): string | null {
  if (!confirmation) return 'changePassword.confirmRequired';
  return confirmation === newPassword ? null : 'changePassword.notConsistent';
}
