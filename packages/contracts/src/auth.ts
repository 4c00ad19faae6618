import { z } from 'zod';
import { AppConfigSchema } from './config';
import { defineEndpoint } from './endpoint';
import { ErrorBodySchema } from './errors';
import { LENGTHS } from './constants';

export const LoginBodySchema = z.object({
  email: z.string().min(1).max(LENGTHS.email + 60),
  password: z.string().min(1).max(LENGTHS.password + 60),
  device_id: z.string().optional(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const TokenAnswerSchema = z.object({ token: z.string(), config: AppConfigSchema });
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;

/**
 * A refused login (401). The provider writes wrong credentials as `{ error: 'invalid_credentials' }`
 * (AuthController::login) and banned or inactive accounts as `{ message: 'user_banned' }`; ours carry
 * both forms beside the usual `errors.error`.
 */
export const LoginRefusedSchema = z
  .object({ error: z.string().optional(), message: z.string().optional(), errors: ErrorBodySchema.shape.errors })
  .refine((body) => body.error !== undefined || body.message !== undefined, 'Expected error or message');

export const SocialProviderSchema = z.enum(['facebook', 'apple', 'google']);
const socialParams = z.object({ provider: SocialProviderSchema });
const SocialBodySchema = z
  .object({ access_token: z.string().optional() })
  .loose();

const OkMessageSchema = z.object({ data: z.string() }).loose();

/** POST /api/change-password/:token. */
export const ChangePasswordBodySchema = z
  .object({
    password: z.string().min(LENGTHS.passwordMin).max(LENGTHS.password),
    password_confirmation: z.string().min(1).max(LENGTHS.password),
  })
  .superRefine((body, ctx) => {
    if (body.password !== body.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'No coicide los campos' });
    }
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/login',
    summary: 'Log in with e-mail and password',
    description:
      'Answers a 7-day JWT and the configuration. Wrong credentials: 401 invalid_credentials (also as the ' +
      "provider's top-level `error`); " +
      'inactive account: 401 user_not_active; banned: 401 user_banned. Too many attempts (per ' +
      'address, or failed ones per address and account; fewer per address once an account fails from ' +
      'many) from that address: 429 too_many_requests with Retry-After. Never for an address that has ' +
      'not failed for the account.',
    auth: 'none',
    body: LoginBodySchema,
    responses: { 200: TokenAnswerSchema, 401: LoginRefusedSchema, 422: ErrorBodySchema, 429: ErrorBodySchema },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/logout',
    summary: 'Log out; removes the device when one is given',
    description:
      'Answers the JSON string "OK". Ends the presented token only, as the provider ' +
      '(AuthController::logout: JWTAuth::invalidate): the user\'s other sessions go on. Removes the ' +
      "device registered with this token, and the caller's device named by device_id.",
    auth: 'user',
    // The provider's clients may post no body at all.
    body: z.object({ device_id: z.string().optional() }).nullish(),
    responses: { 200: z.literal('OK'), 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
  retoken: defineEndpoint({
    method: 'POST',
    path: '/api/retoken',
    summary: 'Refresh a token up to 14 days old',
    description:
      'A banned user gets 403 banned; an unreadable or too old token, or one ended by logout, 401. The new ' +
      'token has its own id (jti), so a later logout ends it alone.',
    auth: 'none',
    // The route reads the (possibly expired) token itself; a guest has none to refresh.
    roles: ['user', 'owner', 'admin'],
    responses: { 200: TokenAnswerSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: '/api/activate/:token',
    summary: 'Activate an account from the e-mailed token',
    description:
      'Answers a token and the configuration, so the client is logged in at once. An unknown or ' +
      'already used token: 422 invalid_token (\'Token invalido\').',
    auth: 'none',
    params: z.object({ token: z.string().min(1) }),
    responses: { 200: TokenAnswerSchema, 422: ErrorBodySchema },
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/reset-password',
    summary: 'Send a password-reset e-mail',
    description:
      'E-mails a link /app/reset-password/<token>, valid for 24 hours (a new request replaces the ' +
      'previous link). An e-mail that belongs to nobody: 422 user_not_found ' +
      '(\'El e-mail ingresado no pertenece a ningún usuario.\'). Too many requests per address or ' +
      'per e-mail: 429 too_many_requests with Retry-After.',
    auth: 'none',
    body: z.object({ email: z.string().trim().toLowerCase().email().max(LENGTHS.email) }),
    responses: { 200: OkMessageSchema, 422: ErrorBodySchema, 429: ErrorBodySchema },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/change-password/:token',
    summary: 'Set a new password with a reset token',
    description:
      'Unequal passwords: 422 errors.password_confirmation. An unknown, used or expired (24 h) ' +
      'token: 422 invalid_token (\'Token invalido\'). The token is used up on success.',
    auth: 'none',
    params: z.object({ token: z.string().min(1) }),
    body: ChangePasswordBodySchema,
    responses: { 200: OkMessageSchema, 422: ErrorBodySchema },
  }),
  socialLogin: defineEndpoint({
    method: 'POST',
    path: '/api/social/login/:provider',
    summary: 'Social login (no longer supported)',
    description:
      'The social providers no longer log anyone in; the answer is 422 social_login_unavailable and ' +
      'the client tells the user to contact the help desk to move to an e-mail login.',
    auth: 'none',
    params: socialParams,
    body: SocialBodySchema,
    responses: { 200: TokenAnswerSchema, 422: ErrorBodySchema },
  }),
  socialUpdate: defineEndpoint({
    method: 'PUT',
    path: '/api/social/update/:provider',
    summary: 'Update profile data from a social provider (no longer supported)',
    auth: 'user',
    params: socialParams,
    body: SocialBodySchema,
    responses: { 200: OkMessageSchema, 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
  socialFriends: defineEndpoint({
    method: 'POST',
    path: '/api/social/friends/:provider',
    summary: 'Match friends from a social provider (no longer supported)',
    auth: 'user',
    params: socialParams,
    body: SocialBodySchema,
    responses: { 200: OkMessageSchema, 401: ErrorBodySchema, 422: ErrorBodySchema },
  }),
};
