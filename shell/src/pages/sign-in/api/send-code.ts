import { http } from '@carmarket/shared';
import type { SignInEmail } from '@carmarket/shared/schemas';
import type { SignInMode } from '../sign-in-copy';

const paths: Record<SignInMode, string> = { login: '/auth/login', register: '/auth/register' };

/** POST /auth/login or /auth/register {email}: mails a 6-digit code. */
export async function sendCode(mode: SignInMode, body: SignInEmail): Promise<void> {
  await http.post(paths[mode], body);
}
