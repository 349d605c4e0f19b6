import { type EmailAccount, MAX_SENDS_PER_MINUTE } from '@contract/accounts';
import { Gauge } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useUpdateEmailAccount } from '@/api/update-email-account';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { parseDailyLimit, parseSendsPerMinute } from '../lib/daily-limit';

function DailyLimitForm({ account, onDone }: { account: EmailAccount; onDone: () => void }) {
  const update = useUpdateEmailAccount();
  const [value, setValue] = useState(String(account.dailyLimit));
  const [pace, setPace] = useState(String(account.sendsPerMinute));
  const [problem, setProblem] = useState<string | null>(null);
  const [paceProblem, setPaceProblem] = useState<string | null>(null);
  const inputId = `daily-limit-${account.id}`;
  const paceId = `pace-${account.id}`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDailyLimit(value);
    const parsedPace = parseSendsPerMinute(pace);
    setProblem(typeof parsed === 'string' ? parsed : null);
    setPaceProblem(typeof parsedPace === 'string' ? parsedPace : null);
    if (typeof parsed === 'string' || typeof parsedPace === 'string') return;
    try {
      await update.mutateAsync({ id: account.id, changes: { dailyLimit: parsed, sendsPerMinute: parsedPace } });
      toast({
        title: 'Daily Limit Updated',
        description: `${account.email} can now send up to ${parsed.toLocaleString('en-US')} emails a day, at most ${parsedPace} a minute.`,
      });
      onDone();
    } catch (error) {
      setProblem(errorToastMessage(error, 'Failed to update the daily limit'));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <FormField
        id={inputId}
        label="Daily sending limit"
        type="number"
        inputMode="numeric"
        min={1}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={problem ?? undefined}
        hint="Emails this account may send per day. The count resets at midnight."
        autoFocus
      />
      <FormField
        id={paceId}
        label="Emails per minute"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_SENDS_PER_MINUTE}
        value={pace}
        onChange={(event) => setPace(event.target.value)}
        error={paceProblem ?? undefined}
        hint="Campaigns send at most this many a minute, with random gaps between emails."
      />
      <Button type="submit" size="sm" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Limit'}
      </Button>
    </form>
  );
}

/**
 * docs/product.md §3: the daily limit (default 300) is editable per account, and so is its pace (beyond the product
 * rules). The button names no figure: the card's "sent/limit today" is the one figure of the mailbox's day.
 */
export function DailyLimitPopover({ account }: { account: EmailAccount }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <Gauge />
          Change limit
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-64">
        <DailyLimitForm account={account} onDone={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}
