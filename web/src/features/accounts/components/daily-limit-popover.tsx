import type { EmailAccount } from '@contract/accounts';
import { Gauge } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useUpdateEmailAccount } from '../api/update-email-account';
import { parseDailyLimit } from '../lib/daily-limit';

function DailyLimitForm({ account, onDone }: { account: EmailAccount; onDone: () => void }) {
  const update = useUpdateEmailAccount();
  const [value, setValue] = useState(String(account.dailyLimit));
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `daily-limit-${account.id}`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDailyLimit(value);
    if (typeof parsed === 'string') return setProblem(parsed);
    setProblem(null);
    try {
      await update.mutateAsync({ id: account.id, changes: { dailyLimit: parsed } });
      toast({
        title: 'Daily Limit Updated',
        description: `${account.email} can now send up to ${parsed.toLocaleString('en-US')} emails a day.`,
      });
      onDone();
    } catch (error) {
      setProblem(errorToastMessage(error, 'Failed to update the daily limit'));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Daily sending limit</Label>
        <Input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${inputId}-hint`}
          autoFocus
        />
        <p id={`${inputId}-hint`} className={problem ? 'text-destructive text-xs' : 'text-muted-foreground text-xs'}>
          {problem ?? 'Emails this account may send per day. The count resets at midnight.'}
        </p>
      </div>
      <Button type="submit" size="sm" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Limit'}
      </Button>
    </form>
  );
}

/** SPEC §3: the daily limit (default 300) is editable per account. */
export function DailyLimitPopover({ account }: { account: EmailAccount }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <Gauge />
          Daily limit: {account.dailyLimit.toLocaleString('en-US')}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-64">
        <DailyLimitForm account={account} onDone={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}
