import { BULK_LEADS_MAX, type LeadStatus } from '@contract/leads';
import { ChevronDown, Send, Trash2, X } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { confirmAction } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { recipientHandoffState } from '@/lib/recipient-handoff';
import { useBulkLeadActions } from '../api/bulk-leads';

const formatCount = (value: number) => value.toLocaleString('en-US');
const leadsWord = (count: number) => `${formatCount(count)} ${count === 1 ? 'lead' : 'leads'}`;
const statusLabels: Record<LeadStatus, string> = { active: 'Active', unsubscribed: 'Unsubscribed', bounced: 'Bounced' };

/**
 * What the selected leads can be given to at once: the dashboard's recipients (the active ones: only they may be
 * mailed), a status by hand, or deletion. Shown while leads are selected.
 */
export function LeadBulkBar({
  selected,
  onClear,
}: {
  /** The selected leads' ids and statuses. */
  selected: ReadonlyMap<number, LeadStatus>;
  onClear: () => void;
}) {
  const [, navigate] = useLocation();
  const { remove, setStatus } = useBulkLeadActions();
  const ids = [...selected.keys()];
  const count = ids.length;
  const tooMany = count > BULK_LEADS_MAX;
  const busy = remove.isPending || setStatus.isPending;
  const failed = (error: unknown, fallback: string) =>
    toast({ title: 'Error', description: errorToastMessage(error, fallback), variant: 'destructive' });

  const handToRecipients = () => {
    const active = ids.filter((id) => selected.get(id) === 'active');
    if (active.length < count) {
      toast({
        title: 'Recipients selected',
        description: `${leadsWord(count - active.length)} not active left out: only active leads can be mailed.`,
      });
    }
    navigate('/', { state: recipientHandoffState(active) });
  };

  const changeStatus = async (status: LeadStatus) => {
    try {
      const { changed } = await setStatus.mutateAsync({ ids, status });
      const unchanged = count - changed;
      const note =
        unchanged === 0
          ? ''
          : status === 'active'
            ? ` ${leadsWord(unchanged)} already active or unsubscribed themselves, left as they are.`
            : ` ${leadsWord(unchanged)} already ${status}.`;
      toast({ title: 'Status changed', description: `${leadsWord(changed)} set to ${statusLabels[status]}.${note}` });
      onClear();
    } catch (error) {
      failed(error, 'The status could not be changed. Please try again.');
    }
  };

  const deleteSelected = async () => {
    const confirmed = await confirmAction({
      title: 'Delete Leads',
      description: `Are you sure you want to delete ${leadsWord(count)}? This action cannot be undone.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!confirmed) return;
    try {
      const { changed } = await remove.mutateAsync(ids);
      toast({ title: 'Success', description: `${leadsWord(changed)} deleted` });
      onClear();
    } catch (error) {
      failed(error, 'The leads could not be deleted. Please try again.');
    }
  };

  return (
    <section
      aria-label="Selected leads"
      className="flex flex-col gap-2 border-t bg-accent/40 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6"
    >
      <p className="font-medium text-sm">
        {formatCount(count)} selected
        {tooMany && (
          <span className="block font-normal text-destructive">
            At most {formatCount(BULK_LEADS_MAX)} leads at once: select fewer.
          </span>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={handToRecipients} disabled={busy}>
          <Send />
          Use as recipients
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="sm" variant="outline" disabled={busy || tooMany}>
              Set status
              <ChevronDown />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {(Object.keys(statusLabels) as LeadStatus[]).map((status) => (
              <DropdownMenuItem key={status} onSelect={() => void changeStatus(status)}>
                {statusLabels[status]}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        <Button size="sm" variant="outline" onClick={deleteSelected} disabled={busy || tooMany}>
          <Trash2 />
          Delete
        </Button>
        <Button size="sm" variant="ghost" onClick={onClear} disabled={busy}>
          <X />
          Clear selection
        </Button>
      </div>
    </section>
  );
}
