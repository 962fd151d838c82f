import { http, type ApiSuccess, type AuthResponse } from '@carmarket/shared';
import type { VerifyCode } from '@carmarket/shared/schemas';
import type { SignInMode } from '../sign-in-copy';

const paths: Record<SignInMode, string> = { login: '/auth/login/verify', register: '/auth/verify' };

/** POST /auth/login/verify or /auth/verify {email, otp} → the user and both tokens. */
export async function verifyCode(mode: SignInMode, body: VerifyCode): Promise<AuthResponse> {
  const { data } = await http.post<ApiSuccess<AuthResponse>>(paths[mode], body);
  return data.data;
}
