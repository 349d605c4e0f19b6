import type { QueryClient } from '@tanstack/react-query';
import { sharedQueryKeys } from './query-keys';

/**
 * After this browser's session ended (sign out, sign out everywhere): drops the user's cached data before someone
 * else signs in (cached reads never go stale), and tells the app nobody is signed in.
 */
export async function forgetSignedInUser(queryClient: QueryClient, navigate: (path: string) => void) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sharedQueryKeys.currentUser[0] });
  queryClient.setQueryData(sharedQueryKeys.currentUser, null);
  navigate('/');
  await queryClient.invalidateQueries({ queryKey: sharedQueryKeys.currentUser });
}
