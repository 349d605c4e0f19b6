import { FileText, Plus, SearchX } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';

const frame = 'rounded-xl border border-dashed bg-card';

export function TemplatesEmptyState({ filtered, onCreate }: { filtered: boolean; onCreate: () => void }) {
  if (filtered) {
    return (
      <EmptyState
        className={frame}
        icon={SearchX}
        title="No templates match your filters"
        description="Try adjusting your search or filter settings"
      />
    );
  }
  return (
    <EmptyState
      className={frame}
      icon={FileText}
      title="No templates yet"
      description="Create your first email template, by hand or drafted with AI."
      action={
        <Button onClick={onCreate}>
          <Plus />
          Create Your First Template
        </Button>
      }
    />
  );
}
