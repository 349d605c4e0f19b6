import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordSchema,
  loginRequestSchema,
  messageSchema,
  passwordChangeSchema,
  passwordResetOptionsSchema,
  RESET_LINK_SENT,
  registerRequestSchema,
  resetPasswordSchema,
  signUpOptionsSchema,
  userSchema,
} from '../../../contract/auth';
import { toUserDto } from '../shared/user-dto';
import { clearSessionCookie, requestContext, requireUser, setSessionCookie } from './auth.plugin';
import type { AuthService } from './auth.service';
import type { PasswordResetService } from './password-reset.service';
import { PUBLIC_ROUTE } from './route-access';

export function authRoutes(
  auth: AuthService,
  passwordReset: PasswordResetService,
  secureCookies: boolean,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/auth/user', { schema: { response: { 200: userSchema } } }, async (request) =>
      toUserDto(requireUser(request)),
    );

    // Public: the sign-up page says who may sign up before the form is filled.
    app.get(
      '/api/auth/register',
      { config: PUBLIC_ROUTE, schema: { response: { 200: signUpOptionsSchema } } },
      async () => auth.signUpOptions(),
    );

    app.post(
      '/api/auth/register',
      { config: PUBLIC_ROUTE, schema: { body: registerRequestSchema, response: { 201: userSchema } } },
      async (request, reply) => {
        const { user, token } = await auth.register(request.body, requestContext(request));
        setSessionCookie(reply, token, secureCookies);
        return reply.status(201).send(toUserDto(user));
      },
    );

    app.post(
      '/api/auth/login',
      { config: PUBLIC_ROUTE, schema: { body: loginRequestSchema, response: { 200: userSchema } } },
      async (request, reply) => {
        const { user, token } = await auth.login(request.body, requestContext(request));
        setSessionCookie(reply, token, secureCookies);
        return toUserDto(user);
      },
    );

    app.post(
      '/api/auth/logout',
      { config: PUBLIC_ROUTE, schema: { response: { 200: messageSchema } } },
      async (request, reply) => {
        await auth.logout(requestContext(request));
        clearSessionCookie(reply, secureCookies);
        return { message: 'Signed out' };
      },
    );

    app.post(
      '/api/auth/logout-everywhere',
      { schema: { response: { 200: messageSchema } } },
      async (request, reply) => {
        await auth.logoutEverywhere(requireUser(request));
        clearSessionCookie(reply, secureCookies);
        return { message: 'Signed out on every device' };
      },
    );

    app.put(
      '/api/user/password',
      { schema: { body: passwordChangeSchema, response: { 200: messageSchema } } },
      async (request) => {
        await auth.changePassword(requireUser(request), request.body, requestContext(request));
        return { message: 'Password changed. Every other session has been signed out.' };
      },
    );

    app.get(
      '/api/auth/password-reset',
      { config: PUBLIC_ROUTE, schema: { response: { 200: passwordResetOptionsSchema } } },
      async () => ({
        available: passwordReset.available(),
      }),
    );

    app.post(
      '/api/auth/forgot-password',
      { config: PUBLIC_ROUTE, schema: { body: forgotPasswordSchema, response: { 200: messageSchema } } },
      async (request) => {
        await passwordReset.request(request.body.email, requestContext(request).ip);
        return { message: RESET_LINK_SENT };
      },
    );

    app.post(
      '/api/auth/reset-password',
      { config: PUBLIC_ROUTE, schema: { body: resetPasswordSchema, response: { 200: messageSchema } } },
      async (request) => {
        await passwordReset.reset(request.body.token, request.body.password, requestContext(request).ip);
        return { message: 'Your password has been reset. Sign in with your new password.' };
      },
    );

    // Browser navigation target when a session is lost (docs/product.md §2): lands on the login form.
    app.get('/api/login', { config: PUBLIC_ROUTE }, async (_request, reply) => reply.redirect('/login'));
  };
}
