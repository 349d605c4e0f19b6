/**
 * Cache key of the signed-in user. It lives here rather than in features/auth because
 * other features (settings) replace the cached user, and features do not import each other.
 */
export const currentUserQueryKey = ['/api/auth/user'] as const;
