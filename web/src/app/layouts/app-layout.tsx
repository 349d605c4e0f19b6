import { Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { SidebarNav } from './sidebar-nav';
import { UserMenu } from './user-menu';

/** The signed-in shell: a fixed sidebar on wide screens, a drawer behind a menu button on narrow ones. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  useEffect(() => {
    if (!drawerOpen) return;
    // An Esc that closed a layer over the drawer (the user menu) has been handled: the drawer stays open.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setDrawerOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [drawerOpen]);

  return (
    <div className="min-h-screen lg:flex">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/90 px-4 backdrop-blur lg:hidden">
        <Button variant="ghost" size="icon" aria-label="Open navigation" onClick={() => setDrawerOpen(true)}>
          <Menu />
        </Button>
        <Logo className="text-base" />
      </header>

      {drawerOpen && (
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-foreground/30 lg:hidden" onClick={closeDrawer} />
      )}

      <aside
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-sidebar-border border-r bg-sidebar transition-[transform,visibility] duration-200',
          'lg:sticky lg:top-0 lg:visible lg:h-screen lg:translate-x-0',
          drawerOpen ? 'visible translate-x-0' : 'invisible -translate-x-full',
        )}
      >
        <div className="flex h-16 items-center justify-between border-sidebar-border border-b px-5">
          <Logo />
          <Button variant="ghost" size="icon" aria-label="Close navigation" className="lg:hidden" onClick={closeDrawer}>
            <X />
          </Button>
        </div>
        <SidebarNav onNavigate={closeDrawer} />
        <div className="border-sidebar-border border-t p-3">
          <UserMenu onNavigate={closeDrawer} />
        </div>
      </aside>

      <main className="min-w-0 flex-1">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-10 lg:py-10">{children}</div>
      </main>
    </div>
  );
}
