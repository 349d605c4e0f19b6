import { MailPlus, Plus } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';

export function AccountsEmptyState({ onConnect }: { onConnect: () => void }) {
  return (
    <EmptyState
      className="rounded-xl border border-dashed py-14"
      icon={MailPlus}
      title="No accounts connected"
      description="Connect your first mailbox provider account to start sending emails"
      action={
        <Button onClick={onConnect}>
          <Plus />
          Connect First Account
        </Button>
      }
    />
  );
}
