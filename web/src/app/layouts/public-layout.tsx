import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const pageLinks = [
  { label: 'Home', href: '/' },
  { label: 'Pricing', href: '/pricing' },
];

function PublicHeader() {
  const [location] = useLocation();
  return (
    <header className="sticky top-0 z-30 border-b bg-background/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" aria-label="LocalReach home">
          {/* Narrow screens keep only the mark, leaving room for all four header links. */}
          <Logo wordmarkClassName="max-sm:sr-only" />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          {pageLinks.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              aria-current={location === link.href ? 'page' : undefined}
              className={cn(
                'rounded-md px-2 py-2 font-medium text-sm transition-colors hover:text-foreground sm:px-3',
                location === link.href ? 'text-foreground' : 'text-muted-foreground',
              )}
            >
              {link.label}
            </Link>
          ))}
          {/* The same type as Home and Pricing beside them. */}
          <Button asChild variant="ghost" size="sm" className="px-2 text-sm sm:px-3">
            <Link href="/login">Log In</Link>
          </Button>
          <Button asChild size="sm" className="text-sm">
            <Link href="/signup">Sign Up</Link>
          </Button>
        </nav>
      </div>
    </header>
  );
}

function PublicFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-8 text-muted-foreground text-sm sm:flex-row sm:px-6">
        <Logo className="text-base text-foreground" />
        <p>© {new Date().getFullYear()} LocalReach. Email outreach for local businesses.</p>
      </div>
    </footer>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader />
      <main className="flex-1">{children}</main>
      <PublicFooter />
    </div>
  );
}
