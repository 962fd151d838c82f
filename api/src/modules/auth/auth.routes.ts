import {
  displayNameSchema,
  profileSchema,
  refreshTokenPayloadSchema,
  signInEmailSchema,
  verifyCodeSchema,
} from '@carmarket/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config/env.js';
import { currentUserId } from '../../http/authenticate.js';
import { messageResponseSchema, ok, successSchema } from '../../http/envelope.js';
import { createLimiter } from '../../http/rate-limit.js';
import { userSchema } from '../users/user-dto.js';
import type { AuthService, CodeRequest } from './auth.service.js';

export interface AuthRoutesOptions {
  service: AuthService;
  rateLimits: AppConfig['rateLimits'];
}

// Identical for every address, so the answer never reveals whether an account exists.
const CODE_SENT_MESSAGE = 'Verification code sent';

const tokensSchema = z.object({ accessToken: z.string(), refreshToken: z.string() });
const signedInSchema = successSchema(z.object({ user: userSchema, tokens: tokensSchema }));
const userResponseSchema = successSchema(z.object({ user: userSchema }));
const bearer = [{ bearerAuth: [] }];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { service, rateLimits }) => {
  const limitPerIp = createLimiter(app, rateLimits.authPerIp, (request) => `auth-ip:${request.ip}`);
  const limitPerEmail = createLimiter(
    app,
    rateLimits.authPerEmail,
    (request) => `auth-email:${(request.body as { email: string }).email}`,
  );

  const codeRoute = (url: string, request: CodeRequest, summary: string) =>
    app.post(
      url,
      {
        schema: {
          tags: ['auth'],
          summary,
          body: signInEmailSchema,
          response: { 200: messageResponseSchema },
        },
        onRequest: limitPerIp,
        preHandler: limitPerEmail,
      },
      async (req) => {
        await service.requestCode(req.body.email, request);
        return ok({ message: CODE_SENT_MESSAGE });
      },
    );

  codeRoute('/register', 'register', 'Send an account-creation code (a sign-in code if the account exists)');
  codeRoute('/login', 'login', 'Send a sign-in code');
  codeRoute('/resend-otp', 'resend', 'Send a new code for the pending sign-in or registration');

  const verifyRoute = (url: string, summary: string) =>
    app.post(
      url,
      {
        schema: { tags: ['auth'], summary, body: verifyCodeSchema, response: { 200: signedInSchema } },
        onRequest: limitPerIp,
      },
      async (req) => ok(await service.verifyCode(req.body.email, req.body.otp)),
    );

  verifyRoute('/verify', 'Verify a registration code and sign in');
  verifyRoute('/login/verify', 'Verify a sign-in code');

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token',
        body: refreshTokenPayloadSchema,
        response: { 200: successSchema(z.object({ tokens: tokensSchema })) },
      },
    },
    async (req) => ok({ tokens: await service.refresh(req.body.refreshToken) }),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the refresh token',
        body: refreshTokenPayloadSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => {
      await service.logout(req.body.refreshToken);
      return ok({ message: 'Logged out' });
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: userResponseSchema },
      },
      preHandler: app.requireUser,
    },
    async (req) => ok({ user: await service.getUser(currentUserId(req)) }),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: ['auth'],
        summary: 'Update the profile',
        security: bearer,
        body: profileSchema,
        response: { 200: userResponseSchema },
      },
      preHandler: app.requireUser,
    },
    async (req) => ok({ user: await service.updateProfile(currentUserId(req), req.body) }),
  );

  app.put(
    '/profile/name',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set the display name alone (the one-field prompt before a first message or listing)',
        security: bearer,
        body: displayNameSchema,
        response: { 200: userResponseSchema },
      },
      preHandler: app.requireUser,
    },
    async (req) => ok({ user: await service.setName(currentUserId(req), req.body.name) }),
  );
};
