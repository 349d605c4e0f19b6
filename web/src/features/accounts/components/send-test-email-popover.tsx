import { type EmailAccount, testEmailRequestSchema } from '@contract/accounts';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useSendTestEmail } from '../api/send-test-email';

function SendTestEmailForm({ account, onSent }: { account: EmailAccount; onSent: () => void }) {
  const sendTest = useSendTestEmail();
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `test-email-to-${account.id}`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = testEmailRequestSchema.safeParse({ to });
    if (!parsed.success) return setProblem(parsed.error.issues[0].message);
    setProblem(null);
    try {
      const result = await sendTest.mutateAsync({ id: account.id, to: parsed.data.to });
      toast({ title: 'Test Email Sent', description: result.message });
      onSent();
    } catch (error) {
      toast({
        title: 'Test Failed',
        description: errorToastMessage(error, 'Failed to send test email'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Send a test email to</Label>
        <Input
          id={inputId}
          type="email"
          placeholder="you@example.com"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${inputId}-hint`}
          autoFocus
        />
        <p id={`${inputId}-hint`} className={problem ? 'text-destructive text-xs' : 'text-muted-foreground text-xs'}>
          {problem ?? `A short message is sent from ${account.email} through its own mail server.`}
        </p>
      </div>
      <Button type="submit" size="sm" disabled={sendTest.isPending}>
        <Send />
        {sendTest.isPending ? 'Sending...' : 'Send'}
      </Button>
    </form>
  );
}

/** Proves the account can send: a short message through the real transport, to an address the user types. */
export function SendTestEmailPopover({ account }: { account: EmailAccount }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <Send />
          Send test email
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80">
        <SendTestEmailForm account={account} onSent={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}
