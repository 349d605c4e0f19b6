import { SearchX, Upload, Users } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';

export function LeadsEmptyState({ filtered, onUpload }: { filtered: boolean; onUpload: () => void }) {
  if (filtered) {
    return (
      <EmptyState
        icon={SearchX}
        title="No leads match your filters"
        description="Try adjusting your search or filter settings"
      />
    );
  }
  return (
    <EmptyState
      icon={Users}
      title="No leads yet"
      description="Upload a CSV file to add your first leads"
      action={
        <Button onClick={onUpload}>
          <Upload />
          Upload CSV File
        </Button>
      }
    />
  );
}
