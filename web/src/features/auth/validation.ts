export const MIN_PASSWORD_LENGTH = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ValidationProblem {
  message: string;
  /** Missing fields also raise the 'Missing Information' toast (spec §5). */
  missing: boolean;
}

export function validateCredentials(email: string, password: string, confirm?: string): ValidationProblem | null {
  if (!email.trim() || !password) {
    return { message: 'Please fill in all fields', missing: true };
  }
  if (!EMAIL_PATTERN.test(email.trim())) {
    return { message: 'Please enter a valid email address', missing: false };
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { message: 'Password must be at least 8 characters long', missing: false };
  }
  if (confirm !== undefined) {
    if (!confirm) {
      return { message: 'Please confirm your password', missing: true };
    }
    if (confirm !== password) {
      return { message: 'Passwords do not match', missing: false };
    }
  }
  return null;
}

/** The reset form's messages end with a full stop (spec §5). */
export function validateNewPassword(password: string, confirm: string): string | null {
  if (password !== confirm) {
    return 'Passwords do not match.';
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    return 'Password must be at least 8 characters long.';
  }
  return null;
}
