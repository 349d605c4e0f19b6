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
  userSchema,
} from '../../../contract/auth';
import { toUserDto } from '../users/user.dto';
import { clearSessionCookie, requestContext, requireUser, setSessionCookie } from './auth.plugin';
import type { AuthService } from './auth.service';
import type { PasswordResetService } from './password-reset.service';

export function authRoutes(
  auth: AuthService,
  passwordReset: PasswordResetService,
  secureCookies: boolean,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/auth/user', { schema: { response: { 200: userSchema } } }, async (request) =>
      toUserDto(requireUser(request)),
    );

    app.post(
      '/api/auth/register',
      { schema: { body: registerRequestSchema, response: { 201: userSchema } } },
      async (request, reply) => {
        const { user, token } = await auth.register(request.body, requestContext(request));
        setSessionCookie(reply, token, secureCookies);
        return reply.status(201).send(toUserDto(user));
      },
    );

    app.post(
      '/api/auth/login',
      { schema: { body: loginRequestSchema, response: { 200: userSchema } } },
      async (request, reply) => {
        const { user, token } = await auth.login(request.body, requestContext(request));
        setSessionCookie(reply, token, secureCookies);
        return toUserDto(user);
      },
    );

    app.post('/api/auth/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
      await auth.logout(requestContext(request));
      clearSessionCookie(reply, secureCookies);
      return { message: 'Signed out' };
    });

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

    app.get('/api/auth/password-reset', { schema: { response: { 200: passwordResetOptionsSchema } } }, async () => ({
      available: passwordReset.available(),
    }));

    app.post(
      '/api/auth/forgot-password',
      { schema: { body: forgotPasswordSchema, response: { 200: messageSchema } } },
      async (request) => {
        await passwordReset.request(request.body.email, requestContext(request).ip);
        return { message: RESET_LINK_SENT };
      },
    );

    app.post(
      '/api/auth/reset-password',
      { schema: { body: resetPasswordSchema, response: { 200: messageSchema } } },
      async (request) => {
        await passwordReset.reset(request.body.token, request.body.password);
        return { message: 'Your password has been reset. Sign in with your new password.' };
      },
    );

    // Browser navigation target when a session is lost (SPEC §2): lands on the login form.
    app.get('/api/login', async (_request, reply) => reply.redirect('/login'));
  };
}
