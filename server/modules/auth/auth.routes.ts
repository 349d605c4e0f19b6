import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  messageSchema,
  passwordChangeSchema,
  registerRequestSchema,
  userSchema,
} from '../../../contract/auth';
import { toUserDto } from '../users/user.dto';
import { clearSessionCookie, requestContext, requireUser, setSessionCookie } from './auth.plugin';
import type { AuthService } from './auth.service';

export function authRoutes(auth: AuthService, secureCookies: boolean): FastifyPluginAsyncZod {
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

    app.put(
      '/api/user/password',
      { schema: { body: passwordChangeSchema, response: { 200: messageSchema } } },
      async (request) => {
        await auth.changePassword(requireUser(request), request.body, requestContext(request));
        return { message: 'Password changed. Every other session has been signed out.' };
      },
    );

    // Browser navigation target when a session is lost (SPEC §2): lands on the login form.
    app.get('/api/login', async (_request, reply) => reply.redirect('/login'));
  };
}
