import { confirmAction } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useDeleteLead } from '../api/delete-lead';

/** docs/product.md §5's question, whole, as the dialog's description. */
const DELETE_QUESTION = 'Are you sure you want to delete this lead? This action cannot be undone.';

/** Deletes a lead after the app's confirm dialog asks docs/product.md §5's question, with the toasts of docs/product.md §8. */
export function useDeleteLeadWithConfirm() {
  const mutation = useDeleteLead();

  const deleteWithConfirm = async (id: number): Promise<boolean> => {
    const confirmed = await confirmAction({
      title: 'Delete Lead',
      description: DELETE_QUESTION,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!confirmed) return false;
    try {
      await mutation.mutateAsync(id);
      toast({ title: 'Success', description: 'Lead deleted successfully' });
      return true;
    } catch (error) {
      toast({ title: 'Error', description: errorToastMessage(error, 'Failed to delete lead'), variant: 'destructive' });
      return false;
    }
  };

  return {
    deleteWithConfirm,
    isPending: mutation.isPending,
    pendingId: mutation.isPending ? mutation.variables : null,
    /** The lead this hook deleted last: its reads must not be asked again. */
    deletedId: mutation.isSuccess ? mutation.variables : null,
  };
}
