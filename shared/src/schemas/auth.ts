// Passwordless sign-in (spec §5): email, then a 6-digit code.
import { z } from 'zod/mini';
import { OTP_LENGTH, OTP_PATTERN } from '../constants/limits.js';
import { requiredText, safeText } from './fields.js';

export const emailField = z.pipe(
  requiredText('Email is required').check(z.toLowerCase()),
  z.email('Invalid email'),
);

export const otpField = requiredText('Code is required').check(
  z.maxLength(OTP_LENGTH, { error: `Code must be ${OTP_LENGTH} digits`, abort: true }),
  z.regex(OTP_PATTERN, `Code must be ${OTP_LENGTH} digits`),
);

/** Login, register and resend-code forms and payloads: {email}. */
export const signInEmailSchema = z.object({ email: emailField });
export type SignInEmailInput = z.input<typeof signInEmailSchema>;
export type SignInEmail = z.output<typeof signInEmailSchema>;

/** Code entry and POST /auth/verify, /auth/login/verify: {email, otp}. */
export const verifyCodeSchema = z.object({ email: emailField, otp: otpField });
export type VerifyCodeInput = z.input<typeof verifyCodeSchema>;
export type VerifyCode = z.output<typeof verifyCodeSchema>;

/** POST /auth/refresh and /auth/logout: {refreshToken}. */
export const refreshTokenPayloadSchema = z.object({
  refreshToken: safeText({ error: 'Refresh token is required' }).check(
    z.minLength(1, 'Refresh token is required'),
  ),
});
export type RefreshTokenPayload = z.output<typeof refreshTokenPayloadSchema>;
