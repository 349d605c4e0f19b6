import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileUpdateSchema, userSchema } from '../../../contract/auth';
import { requireUser } from '../auth/auth.plugin';
import { toUserDto } from '../shared/user-dto';
import type { UsersService } from './users.service';

export function usersRoutes(usersService: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/api/user/profile',
      { schema: { body: profileUpdateSchema, response: { 200: userSchema } } },
      async (request) => toUserDto(await usersService.updateProfile(requireUser(request), request.body)),
    );
  };
}
