import { http } from '@carmarket/shared';
import type { SignInEmail } from '@carmarket/shared/schemas';

/** POST /auth/resend-otp {email}: mails a new code to an address that already asked for one. */
export async function resendCode(body: SignInEmail): Promise<void> {
  await http.post('/auth/resend-otp', body);
}
