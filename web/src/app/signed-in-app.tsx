import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch, useSearch } from 'wouter';
import { NotFound } from '@/components/not-found';
import { ConfirmDialogHost } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { SignedInUserProvider } from '@/features/auth/components/signed-in-user';
import { returnPathFrom } from '@/lib/return-path';
import { AppLayout } from './layouts/app-layout';

// Each screen is its own chunk, so the shell appears at once and screens load as they are visited.
const DashboardRoute = lazy(() => import('./routes/app/dashboard'));
const RepliesRoute = lazy(() => import('./routes/app/replies'));
const StrategyOnboardingRoute = lazy(() => import('./routes/app/strategy-onboarding'));
const TemplatesRoute = lazy(() => import('./routes/app/templates'));
const LeadsRoute = lazy(() => import('./routes/app/leads'));
const AccountsRoute = lazy(() => import('./routes/app/accounts'));
const SettingsRoute = lazy(() => import('./routes/app/settings'));
const AnalyticsRoute = lazy(() => import('./routes/app/analytics'));
const StockTipsRoute = lazy(() => import('./routes/app/stock-tips'));
const InstructionsRoute = lazy(() => import('./routes/app/instructions'));
const AdminRoute = lazy(() => import('./routes/app/admin'));

function ScreenSpinner() {
  return (
    <div className="flex justify-center py-24 text-primary" role="status" aria-label="Loading">
      <Spinner className="size-6" />
    </div>
  );
}

function RedirectAfterSignIn() {
  return <Redirect to={returnPathFrom(useSearch()) ?? '/'} replace />;
}

/**
 * The signed-in app, loaded lazily by the router once a user is known. Only its screens ask to confirm, so the
 * confirm dialog (and Radix's dialog with it) stays out of the landing page's scripts.
 */
export default function SignedInApp() {
  return (
    <SignedInUserProvider>
      <ConfirmDialogHost />
      <Switch>
        {/* Signed-in users have no use for the auth pages (docs/product.md §2); a sign-in that asked to come back goes there. */}
        <Route path="/login">
          <RedirectAfterSignIn />
        </Route>
        <Route path="/signup">
          <Redirect to="/" replace />
        </Route>
        <Route path="/api/login">
          <Redirect to="/" replace />
        </Route>
        <Route>
          <AppLayout>
            <Suspense fallback={<ScreenSpinner />}>
              <Switch>
                <Route path="/" component={DashboardRoute} />
                <Route path="/replies" component={RepliesRoute} />
                <Route path="/strategy-onboarding" component={StrategyOnboardingRoute} />
                <Route path="/templates" component={TemplatesRoute} />
                <Route path="/leads" component={LeadsRoute} />
                <Route path="/accounts" component={AccountsRoute} />
                <Route path="/settings" component={SettingsRoute} />
                <Route path="/analytics" component={AnalyticsRoute} />
                <Route path="/stock-tips" component={StockTipsRoute} />
                <Route path="/instructions" component={InstructionsRoute} />
                <Route path="/admin" component={AdminRoute} />
                <Route>
                  <NotFound />
                </Route>
              </Switch>
            </Suspense>
          </AppLayout>
        </Route>
      </Switch>
    </SignedInUserProvider>
  );
}
