import { confirmAction } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useDeleteTemplate } from '../api/delete-template';

/** Deletes a template after the app's own confirm with docs/product.md §5's question, with the toasts of docs/product.md §8. */
export function useDeleteTemplateWithConfirm() {
  const mutation = useDeleteTemplate();

  const deleteWithConfirm = async (id: number): Promise<void> => {
    const confirmed = await confirmAction({
      title: 'Delete template?',
      description: 'Are you sure you want to delete this template?',
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await mutation.mutateAsync(id);
      toast({ title: 'Template Deleted', description: 'The template has been deleted.' });
    } catch (error) {
      toast({
        title: 'Delete Failed',
        description: errorToastMessage(error, 'Failed to delete template'),
        variant: 'destructive',
      });
    }
  };

  return { deleteWithConfirm, pendingId: mutation.isPending ? mutation.variables : null };
}
