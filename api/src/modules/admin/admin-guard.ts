import type { FastifyRequest } from 'fastify';
import { currentUserId } from '../../http/authenticate.js';
import { ForbiddenError } from '../../http/errors.js';
import type { UsersRepository } from '../users/users.repository.js';

/**
 * For routes behind `requireUser`: the signed-in administrator's email (what histories record), or
 * 403 for anyone else. The flag is read per call, so a revoke takes effect at once.
 */
export function adminGuard(users: UsersRepository) {
  return async (request: FastifyRequest): Promise<string> => {
    const user = await users.findById(currentUserId(request));
    if (!user?.isAdmin) throw new ForbiddenError('Administrators only', 'ADMIN_ONLY');
    return user.email;
  };
}
