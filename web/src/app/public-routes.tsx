import { Redirect, Route, Switch } from 'wouter';
import { NotFound } from '@/components/not-found';
import { PublicLayout } from './layouts/public-layout';
import { AuthRoute } from './routes/public/auth';
import { LandingRoute } from './routes/public/landing';
import { ForgotPasswordRoute, ResetPasswordRoute } from './routes/public/password-reset';
import { PricingRoute } from './routes/public/pricing';

/** What a signed-out visitor can reach; every signed-in-only path is a 404 here (docs/product.md §2). */
export function PublicRoutes() {
  return (
    <PublicLayout>
      <Switch>
        <Route path="/" component={LandingRoute} />
        <Route path="/pricing" component={PricingRoute} />
        <Route path="/login">
          <AuthRoute mode="login" />
        </Route>
        <Route path="/signup">
          <AuthRoute mode="signup" />
        </Route>
        <Route path="/forgot-password" component={ForgotPasswordRoute} />
        <Route path="/reset-password" component={ResetPasswordRoute} />
        {/* The server sends lost sessions to /api/login; in the browser that means the login form. */}
        <Route path="/api/login">
          <Redirect to="/login" replace />
        </Route>
        <Route>
          <NotFound signedOut />
        </Route>
      </Switch>
    </PublicLayout>
  );
}
