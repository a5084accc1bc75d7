import { AssistantSettings } from '../assistant/api';
import { z } from 'zod';
import { AUTH_MESSAGES } from '../common/messages';
import { Email, Password, Role } from './api';

/** `POST /api/auth/forgot-password`: answers the same whether or not the email has an account. */
export const ForgotPasswordBody = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .min(1, AUTH_MESSAGES.emailRequired)
    .pipe(Email),
});
export type ForgotPasswordBody = z.input<typeof ForgotPasswordBody>;
export const ForgotPasswordResponse = z.object({ success: z.literal(true), message: z.string() });

const ResetToken = z.string({ error: AUTH_MESSAGES.resetTokenRequired }).trim().min(1, AUTH_MESSAGES.resetTokenRequired).max(200, AUTH_MESSAGES.resetTokenInvalid);

/** `POST /api/auth/validate-reset-token`: 200 when usable, else 400 with `error`. */
export const ValidateResetTokenBody = z.object({ token: ResetToken });
export type ValidateResetTokenBody = z.input<typeof ValidateResetTokenBody>;
export const ValidateResetTokenResponse = z.object({ success: z.literal(true), valid: z.literal(true) });

/** `POST /api/auth/reset-password`: sets the password, uses up the token, ends every session. */
export const ResetPasswordBody = z.object({ token: ResetToken, newPassword: Password });
export type ResetPasswordBody = z.input<typeof ResetPasswordBody>;
export const ResetPasswordResponse = z.object({ success: z.literal(true), message: z.string() });

/** `POST /api/auth/exchange-code`: a one-time code from a social sign-in becomes a session token. */
export const ExchangeCodeBody = z.object({ authCode: z.string({ error: AUTH_MESSAGES.authCodeInvalid }).trim().min(1, AUTH_MESSAGES.authCodeInvalid).max(200) });
export type ExchangeCodeBody = z.input<typeof ExchangeCodeBody>;

/** `GET /api/auth/providers`: which social sign-ins this server offers. */
/** `assistant`: the AI-assistant panel's settings (ADR 043). */
export const AuthProviders = z.object({ linkedin: z.boolean(), assistant: AssistantSettings.optional() });
export type AuthProviders = z.infer<typeof AuthProviders>;

/** `PATCH /api/admin/users/role` (super_admin only). */
export const ChangeRoleBody = z.object({ userId: z.string().min(1).max(100), role: Role });
export const ChangeRoleResponse = z.object({ success: z.literal(true), userId: z.string(), role: Role });

export const RESET_TOKEN_TTL_MINUTES = 60;
export const AUTH_CODE_TTL_SECONDS = 120;
