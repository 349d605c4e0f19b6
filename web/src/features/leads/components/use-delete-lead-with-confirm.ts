import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useDeleteLead } from '../api/delete-lead';

/** Deletes a lead after the browser confirm of SPEC §5, with the toasts of SPEC §8. */
export function useDeleteLeadWithConfirm() {
  const mutation = useDeleteLead();

  const deleteWithConfirm = async (id: number): Promise<boolean> => {
    if (!window.confirm('Are you sure you want to delete this lead? This action cannot be undone.')) return false;
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
  };
}
