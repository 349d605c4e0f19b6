import { lazy, Suspense } from 'react';
import { useUser } from '@/api/get-user';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { PublicRoutes } from './public-routes';
import { useScrollToTopOnNavigation } from './scroll-to-top';

// Code-split so that visitors of the public pages never download the signed-in app.
const SignedInApp = lazy(() => import('./signed-in-app'));

/** Any user returned by GET /api/auth/user counts as signed in (docs/product.md §4). */
export function AppRouter() {
  const { data: user, isLoading } = useUser();
  useScrollToTopOnNavigation();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <PublicRoutes />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <SignedInApp />
    </Suspense>
  );
}
