import { isValidEmail } from '@contract/email';
import { useForm } from 'react-hook-form';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { FormField } from '@/components/form-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useCreateLead } from '../api/create-lead';

type AddLeadValues = { email: string; firstName: string; lastName: string; company: string };

const emptyValues: AddLeadValues = { email: '', firstName: '', lastName: '', company: '' };

const optional = (value: string) => value.trim() || null;

function AddLeadForm({ onDone }: { onDone: () => void }) {
  const createLead = useCreateLead();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AddLeadValues>({ defaultValues: emptyValues });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createLead.mutateAsync({
        email: values.email.trim(),
        firstName: optional(values.firstName),
        lastName: optional(values.lastName),
        company: optional(values.company),
      });
      toast({ title: 'Success', description: 'Lead added successfully' });
      onDone();
    } catch (error) {
      toast({ title: 'Error', description: errorToastMessage(error, 'Failed to add lead'), variant: 'destructive' });
    }
  });

  return (
    // noValidate: the form's own messages (docs/product.md §5) show instead of the browser's.
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        id="lead-email"
        label="Email *"
        type="email"
        autoComplete="off"
        placeholder="name@company.com"
        error={errors.email?.message}
        {...register('email', {
          validate: (value) =>
            value.trim() === '' ? 'Email is required' : isValidEmail(value.trim()) || 'Invalid email address',
        })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="lead-first-name" label="First Name" autoComplete="off" {...register('firstName')} />
        <FormField id="lead-last-name" label="Last Name" autoComplete="off" {...register('lastName')} />
      </div>
      <FormField id="lead-company" label="Company" autoComplete="off" {...register('company')} />
      <DialogFormFooter
        onCancel={onDone}
        pending={createLead.isPending}
        submitLabel="Add Lead"
        pendingLabel="Adding..."
      />
    </form>
  );
}

/** Add New Lead (docs/product.md §2). The form lives inside the dialog content, so closing the dialog clears it. */
export function AddLeadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add New Lead</DialogTitle>
          <DialogDescription>Add a single contact to your leads database.</DialogDescription>
        </DialogHeader>
        <AddLeadForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
