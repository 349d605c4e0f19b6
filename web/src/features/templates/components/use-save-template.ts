import type { Template } from '@contract/templates';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useCreateTemplate } from '../api/create-template';
import { useUpdateTemplate } from '../api/update-template';
import { hasRequiredTemplateFields, type TemplateFormValues, toTemplateInput } from '../lib/template-form';

/** Creates or updates a template after the checks of docs/product.md §5, with the toasts of docs/product.md §8; true when saved. */
export function useSaveTemplate(existing: Pick<Template, 'id'> | null) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();

  const save = async (values: TemplateFormValues): Promise<boolean> => {
    if (!hasRequiredTemplateFields(values)) {
      toast({
        title: 'Missing Information',
        description: 'Please fill in all required fields (name, subject, and body).',
        variant: 'destructive',
      });
      return false;
    }
    const template = toTemplateInput(values);
    try {
      if (existing) {
        await update.mutateAsync({ id: existing.id, template });
        toast({ title: 'Template Updated', description: 'Your changes have been saved.' });
      } else {
        await create.mutateAsync(template);
        toast({ title: 'Template Created', description: 'Your new template has been saved.' });
      }
      return true;
    } catch (error) {
      toast({
        ...(existing
          ? { title: 'Update Failed', description: errorToastMessage(error, 'Failed to update template') }
          : { title: 'Creation Failed', description: errorToastMessage(error, 'Failed to create template') }),
        variant: 'destructive',
      });
      return false;
    }
  };

  return { save, isSaving: create.isPending || update.isPending };
}
