import { FileText, Plus, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function TemplatesEmptyState({ filtered, onCreate }: { filtered: boolean; onCreate: () => void }) {
  const Icon = filtered ? SearchX : FileText;
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-16 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <h3 className="font-semibold text-lg">{filtered ? 'No templates match your filters' : 'No templates yet'}</h3>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">
        {filtered
          ? 'Try adjusting your search or filter settings'
          : 'Create your first email template, by hand or drafted with AI.'}
      </p>
      {!filtered && (
        <Button className="mt-6" onClick={onCreate}>
          <Plus />
          Create Your First Template
        </Button>
      )}
    </div>
  );
}
