import type { AdminUserRow } from '@contract/admin';
import { avatarInitial, displayName } from '@contract/display';
import { CreditCard, KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDay } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { formatRate } from '../lib/admin-totals';

const COLUMNS = [
  'User',
  'Leads',
  'Campaigns',
  'Emails Sent',
  'Open Rate',
  'Click Rate',
  'Response Rate',
  'Last Campaign',
  'Actions',
];

/**
 * The Actions column stays at the right edge of the table's box while the rest scrolls under it: however wide the
 * figures and names of an install make the table, the actions are in view without scrolling sideways.
 */
const STICKY_ACTIONS = 'sticky right-0 z-10 bg-card shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]';

const ACCOUNT_STATUS_LABELS: Record<AdminUserRow['accounts'][number]['status'], string> = {
  active: 'active',
  rate_limited: 'at its daily limit',
  error: 'needs attention',
  disconnected: 'disconnected',
};

/** Beyond the product rules: the user's subscription and each mailbox's health, under their name. */
function UserDetails({ row }: { row: AdminUserRow }) {
  return (
    <div className="mt-1 grid grid-cols-1 gap-0.5 text-muted-foreground text-xs">
      <span className="truncate">Subscription: {row.subscriptionStatus}</span>
      {row.accounts.length === 0 && <span>No mailbox connected</span>}
      {row.accounts.map((account) => (
        // The address is cut short (in full on hover); what it says of the mailbox wraps beneath it.
        <span key={account.email} className={cn('grid grid-cols-1', account.status === 'error' && 'text-destructive')}>
          <span className="truncate" title={account.email}>
            {account.email}:
          </span>
          <span>
            {ACCOUNT_STATUS_LABELS[account.status]}
            {account.statusReason && account.status === 'error' ? ` (${account.statusReason})` : ''},{' '}
            {account.sentToday} sent today
          </span>
        </span>
      ))}
    </div>
  );
}

function UserCell({ row }: { row: AdminUserRow }) {
  return (
    // A set width, names and addresses cut short, so the whole table fits a laptop's screen with its actions.
    <div className="flex w-56 items-start gap-3">
      <Avatar>
        <AvatarFallback>{avatarInitial(row.user)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <span className="truncate font-medium" title={displayName(row.user)}>
            {displayName(row.user)}
          </span>
          {row.user.isAdmin && <Badge>Admin</Badge>}
        </div>
        {displayName(row.user) !== row.user.email && (
          <p className="truncate text-muted-foreground text-xs" title={row.user.email}>
            {row.user.email}
          </p>
        )}
        <UserDetails row={row} />
      </div>
    </div>
  );
}

type UserActivityTableProps = {
  rows: AdminUserRow[] | undefined;
  onResetPassword: (user: AdminUserRow['user']) => void;
  onSetRole: (user: AdminUserRow['user'], isAdmin: boolean) => void;
  roleChangePending: boolean;
  /** Set only where billing is not configured: subscriptions are then set by hand. */
  onSetSubscription?: (row: AdminUserRow) => void;
};

/** docs/product.md §2 "User Activity & Performance": one row per user, oldest account first. */
export function UserActivityTable({
  rows,
  onResetPassword,
  onSetRole,
  roleChangePending,
  onSetSubscription,
}: UserActivityTableProps) {
  const count = (value: number) => value.toLocaleString('en-US');
  return (
    <Card>
      <CardHeader>
        <CardTitle>User Activity & Performance</CardTitle>
        <CardDescription>Every account with its leads, campaigns and how its mail performs.</CardDescription>
      </CardHeader>
      <CardContent>
        <Table>
          <TableHeader>
            <TableRow>
              {COLUMNS.map((column) => (
                // Two-word headings may take two lines, so the columns stay as narrow as their figures.
                <TableHead key={column} className={cn('whitespace-normal', column === 'Actions' && STICKY_ACTIONS)}>
                  {column}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows === undefined && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length}>
                  <Skeleton className="h-8 w-full" />
                </TableCell>
              </TableRow>
            )}
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} className="py-8 text-center text-muted-foreground">
                  No users found
                </TableCell>
              </TableRow>
            )}
            {rows?.map((row) => (
              <TableRow key={row.user.id}>
                <TableCell className="whitespace-normal">
                  <UserCell row={row} />
                </TableCell>
                <TableCell>
                  <div className="tabular-nums">{count(row.stats.totalLeads)}</div>
                  <div className="text-muted-foreground text-xs">{count(row.stats.activeLeads)} active</div>
                </TableCell>
                <TableCell className="tabular-nums">{count(row.stats.totalCampaigns)}</TableCell>
                <TableCell className="tabular-nums">{count(row.stats.totalEmailsSent)}</TableCell>
                <TableCell className="tabular-nums">{formatRate(row.stats.openRate)}</TableCell>
                <TableCell className="tabular-nums">{formatRate(row.stats.clickRate)}</TableCell>
                <TableCell className="tabular-nums">{formatRate(row.stats.responseRate)}</TableCell>
                <TableCell>{formatDay(row.stats.lastCampaignDate)}</TableCell>
                <TableCell className={STICKY_ACTIONS}>
                  <div className="flex flex-col items-start gap-1">
                    <Button variant="outline" size="sm" onClick={() => onResetPassword(row.user)}>
                      <KeyRound aria-hidden="true" />
                      Reset Password
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={roleChangePending}
                      onClick={() => onSetRole(row.user, !row.user.isAdmin)}
                    >
                      {row.user.isAdmin ? <ShieldOff aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
                      {row.user.isAdmin ? 'Remove Admin' : 'Make Admin'}
                    </Button>
                    {onSetSubscription && (
                      <Button variant="ghost" size="sm" onClick={() => onSetSubscription(row)}>
                        <CreditCard aria-hidden="true" />
                        Subscription
                      </Button>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
