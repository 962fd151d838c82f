import { createHmac, randomUUID } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, REFRESH_TOKEN_TTL_S } from '@carmarket/shared/constants';
import type { AuthResponse, AuthTokens, User } from '@carmarket/shared/contracts';
import type { AuthCodeConfig } from '../../config/env.js';
import {
  BadRequestError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { newAccountCodeEmail, noAccountEmail, signInCodeEmail } from '../../mail/templates.js';
import { BlockedAccountError } from '../users/blocked-account.js';
import { toUserDto } from '../users/user-dto.js';
import type { ProfileUpdate, UsersRepository } from '../users/users.repository.js';
import type { AuthRepository, CodePurpose } from './auth.repository.js';
import { codeMatches, generateCode, hashCode, secondsUntilResend } from './one-time-code.js';
import { classifyRefreshToken, generateRefreshToken, hashRefreshToken, type AccessTokens } from './tokens.js';

/** Why a code is requested: the three sign-in calls that send mail. */
export type CodeRequest = 'register' | 'login' | 'resend';

export const INVALID_CODE_MESSAGE = 'Invalid or expired code';

export interface AuthServiceDeps {
  auth: AuthRepository;
  users: UsersRepository;
  mailer: Mailer;
  accessTokens: AccessTokens;
  /** Secret the one-time-code hashes are keyed with. */
  secret: string;
  codes: AuthCodeConfig;
  now?: () => Date;
}

export class AuthService {
  private readonly codeKey: string;
  private readonly now: () => Date;

  constructor(private readonly deps: AuthServiceDeps) {
    // A key of its own, so code hashes and access tokens never share one.
    this.codeKey = createHmac('sha256', deps.secret).update('one-time-codes').digest('hex');
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Sends a code, or a "no account yet" notice, to the email. The caller answers the same way in
   * every case, so the response never tells whether an account exists:
   * - an existing account always gets a sign-in code (registering twice just signs in);
   * - a new address gets an account-creation code when registering (or resending after registering);
   * - otherwise (login with an unknown address) it gets the notice and no code.
   * Every address, known or not, may be sent mail once per resend interval.
   */
  async requestCode(email: string, request: CodeRequest): Promise<void> {
    const user = await this.deps.users.findByEmail(email);
    const previous = await this.deps.auth.findCode(email);
    const wantsNewAccount =
      request === 'register' || (request === 'resend' && previous?.purpose === 'register');
    const purpose: CodePurpose = user ? 'login' : wantsNewAccount ? 'register' : 'no-account';

    const now = this.now();
    const { ttlMs, resendIntervalMs } = this.deps.codes;
    const code = purpose === 'no-account' ? null : generateCode();
    const stored = await this.deps.auth.replaceCode({
      email,
      codeHash: code ? hashCode(this.codeKey, email, code) : null,
      purpose,
      expiresAt: new Date(now.getTime() + ttlMs),
      sentAt: now,
      resendAllowedBefore: new Date(now.getTime() - resendIntervalMs),
    });
    if (!stored) {
      const latest = await this.deps.auth.findCode(email);
      const wait = latest ? secondsUntilResend(latest.lastSentAt, now, resendIntervalMs) : 1;
      throw new TooManyRequestsError(
        Math.max(wait, 1),
        'Please wait before requesting another code',
        'CODE_RECENTLY_SENT',
      );
    }

    const message =
      code === null
        ? noAccountEmail(email)
        : purpose === 'login'
          ? signInCodeEmail(email, code, ttlMs)
          : newAccountCodeEmail(email, code, ttlMs);
    try {
      await this.deps.mailer.send(message);
    } catch (error) {
      // Nothing was delivered, so the address must not wait out the resend interval.
      await this.deps.auth.deleteCode(email);
      throw new ServiceUnavailableError('Could not send the email, please try again', 'MAIL_NOT_SENT', {
        cause: error,
      });
    }
  }

  /** Checks the code and signs in, creating the account when the code was issued for registering. */
  async verifyCode(email: string, code: string): Promise<AuthResponse> {
    const now = this.now();
    const live = await this.deps.auth.spendAttempt(email, now, OTP_MAX_ATTEMPTS);
    if (!live?.codeHash || !codeMatches(this.codeKey, email, code, live.codeHash)) {
      throw new BadRequestError(INVALID_CODE_MESSAGE, 'INVALID_CODE');
    }
    if (!(await this.deps.auth.consumeCode(email, live.codeHash, now))) {
      throw new BadRequestError(INVALID_CODE_MESSAGE, 'INVALID_CODE');
    }
    const user = await this.deps.users.upsertVerified(email);
    if (user.blockedAt) throw new BlockedAccountError();
    return { user: toUserDto(user), tokens: await this.issueTokens(user.id, randomUUID()) };
  }

  /**
   * Exchanges a refresh token for a new pair. Each token works once: presenting one that was
   * already rotated or revoked means a copy is in other hands, so its whole family is revoked.
   */
  async refresh(refreshToken: string): Promise<AuthTokens> {
    const now = this.now();
    const next = generateRefreshToken();
    const userId = await this.deps.auth.transaction(async (auth) => {
      const stored = await auth.findRefreshTokenForUpdate(hashRefreshToken(refreshToken));
      const verdict = classifyRefreshToken(stored, now);
      if (!stored || verdict === 'invalid') return null;
      if (verdict === 'reused') {
        await auth.revokeRefreshTokenFamily(stored.familyId, now);
        return null;
      }
      const { userId, familyId } = stored;
      await auth.rotateRefreshToken(
        stored.id,
        { userId, familyId, tokenHash: next.hash, expiresAt: this.refreshExpiry(now) },
        now,
      );
      return userId;
    });
    if (!userId) throw new UnauthorizedError('Invalid refresh token', 'INVALID_REFRESH_TOKEN');
    return { accessToken: await this.deps.accessTokens.sign(userId), refreshToken: next.token };
  }

  async logout(refreshToken: string): Promise<void> {
    await this.deps.auth.revokeRefreshToken(hashRefreshToken(refreshToken), this.now());
  }

  async getUser(userId: string): Promise<User> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new UnauthorizedError();
    return toUserDto(user);
  }

  async updateProfile(userId: string, profile: ProfileUpdate): Promise<User> {
    const user = await this.deps.users.updateProfile(userId, profile);
    if (!user) throw new UnauthorizedError();
    return toUserDto(user);
  }

  async setName(userId: string, name: string): Promise<User> {
    const user = await this.deps.users.updateName(userId, name);
    if (!user) throw new UnauthorizedError();
    return toUserDto(user);
  }

  private refreshExpiry(now: Date): Date {
    return new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000);
  }

  private async issueTokens(userId: string, familyId: string): Promise<AuthTokens> {
    const refresh = generateRefreshToken();
    await this.deps.auth.insertRefreshToken({
      userId,
      familyId,
      tokenHash: refresh.hash,
      expiresAt: this.refreshExpiry(this.now()),
    });
    return { accessToken: await this.deps.accessTokens.sign(userId), refreshToken: refresh.token };
  }
}
