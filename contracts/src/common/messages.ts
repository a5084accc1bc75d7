import { SESSION_EXPIRED_MESSAGE } from './session-messages';

/** Texts shown to people, verbatim from the product spec. */
export const MESSAGES = {
  accountExists: 'An account with this email already exists. Please sign in instead.',
  invalidLogin: 'Invalid email or password. Please try again.',
  passwordTooShort: 'Password must be at least 8 characters long',
  sessionExpired: SESSION_EXPIRED_MESSAGE,
  signInRequired: 'Please sign in to continue',
  jobRequiredFields: 'Please fill in all required fields (Title, Location, Description).',
  companyOnly: 'Only company accounts can post jobs',
  jobNotFound: "Job Not Found - The job you're looking for doesn't exist or the link has expired.",
  versionConflict: 'This record was changed by someone else at the same time. Reload and try again.',
  signInSuccess: 'Sign in successful!',
  companyCreated: 'Company account created successfully!',
  candidateCreated: 'Account created successfully! Redirecting to dashboard...',
} as const;

/** Texts of the password-reset and sign-in flows (part 1 §8, part 2 §8). */
export const AUTH_MESSAGES = {
  forgotPasswordSent: 'Password reset instructions sent to your email',
  /**
   * The answer when this Hireloop keeps mail in its outbox instead of sending it (no SMTP_URL):
   * no reset link can reach anyone, so the person is told so rather than to wait for a mail. The
   * same for every address, so it tells nothing about which emails have an account.
   */
  forgotPasswordNotSent: 'This Hireloop does not send email yet, so no reset link can reach you. Please ask the people who run it to set up email delivery.',
  emailRequired: 'Please enter your email address',
  resetTokenRequired: 'Please enter your reset token.',
  resetTokenInvalid: 'The reset token is invalid or expired.',
  passwordResetSuccessful: 'Password Reset Successful',
  authCodeInvalid: 'This sign-in link is invalid or has expired. Please sign in again.',
  linkedinUnavailable: 'LinkedIn sign-in is not available on this server.',
  /** Back from LinkedIn after the person pressed Cancel there (OAuth `error=access_denied`, ADR 118). */
  linkedinCancelled: 'LinkedIn sign-in was cancelled. Sign in another way, or try LinkedIn again.',
  tooManySignIns: (minutes: number) => `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** The account's lock: its owner can still get in at once by resetting the password. */
  accountLocked: (minutes: number) =>
    `Too many wrong passwords for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password to sign in now.`,
  tooManySignUps: (minutes: number) => `Too many accounts created from this network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyJobPosts: (minutes: number) => `You have posted many jobs in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyResets: (minutes: number) => `Too many password reset requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  onlySuperAdmins: 'Only super admins can change user roles',
} as const;
