import { isNavEntryActive } from '@contract/display';
import { Link, useLocation } from 'wouter';
import { useSignedInUser } from '@/features/auth/components/signed-in-user';
import { cn } from '@/lib/utils';
import { adminNavEntry, navEntries } from './nav-entries';

export function SidebarNav({ onNavigate }: { onNavigate: () => void }) {
  const [location] = useLocation();
  const user = useSignedInUser();
  const entries = user.isAdmin ? [...navEntries, adminNavEntry] : navEntries;

  return (
    <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="grid gap-1">
        {entries.map((entry) => {
          const active = isNavEntryActive(entry.href, location);
          return (
            <li key={entry.href}>
              <Link
                href={entry.href}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 font-medium text-sm transition-colors',
                  active
                    ? 'bg-sidebar-accent text-sidebar-accent-foreground'
                    : 'text-sidebar-foreground/80 hover:bg-muted hover:text-sidebar-foreground',
                )}
              >
                <entry.icon className="size-4 shrink-0" aria-hidden="true" />
                {entry.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
