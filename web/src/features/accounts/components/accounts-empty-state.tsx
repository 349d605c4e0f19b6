import { MailPlus, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function AccountsEmptyState({ onConnect }: { onConnect: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-14 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <MailPlus className="size-6" aria-hidden="true" />
      </div>
      <h3 className="font-semibold text-lg">No accounts connected</h3>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">
        Connect your first mailbox provider account to start sending emails
      </p>
      <Button className="mt-6" onClick={onConnect}>
        <Plus />
        Connect First Account
      </Button>
    </div>
  );
}
