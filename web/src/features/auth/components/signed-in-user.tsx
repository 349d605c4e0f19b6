import type { User } from '@contract/auth';
import { createContext, type ReactNode, useContext } from 'react';
import { useUser } from '@/api/get-user';

const SignedInUserContext = createContext<User | null>(null);

/** Renders its children only while a user is signed in, and hands that user down to them. */
export function SignedInUserProvider({ children }: { children: ReactNode }) {
  const { data: user } = useUser();
  if (!user) return null;
  return <SignedInUserContext.Provider value={user}>{children}</SignedInUserContext.Provider>;
}

/** The signed-in user, for screens inside SignedInUserProvider. */
export function useSignedInUser(): User {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser must be used inside SignedInUserProvider');
  return user;
}
