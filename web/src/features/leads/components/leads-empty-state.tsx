import { SearchX, Upload, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function LeadsEmptyState({ filtered, onUpload }: { filtered: boolean; onUpload: () => void }) {
  const Icon = filtered ? SearchX : Users;
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <h3 className="font-semibold text-lg">{filtered ? 'No leads match your filters' : 'No leads yet'}</h3>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">
        {filtered ? 'Try adjusting your search or filter settings' : 'Upload a CSV file to add your first leads'}
      </p>
      {!filtered && (
        <Button className="mt-6" onClick={onUpload}>
          <Upload />
          Upload CSV File
        </Button>
      )}
    </div>
  );
}
