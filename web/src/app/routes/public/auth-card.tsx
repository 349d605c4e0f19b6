import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * The page of a signed-out form (sign-in, sign-up, password reset): one centred card with its title as the page's
 * heading, a line under it, the form, and a link to the other page below.
 */
export function AuthCard({
  pageTitle,
  title,
  description,
  link,
  children,
}: {
  /** The browser tab's title. */
  pageTitle: string;
  title: string;
  description: string;
  link: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(pageTitle);
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-lg">
        <CardHeader className="text-center">
          <CardTitle className="text-2xl tracking-tight">
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          {children}
          <p className="mt-6 text-center text-sm">{link}</p>
        </CardContent>
      </Card>
    </div>
  );
}
