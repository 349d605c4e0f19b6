import { isValidEmail } from '@contract/email';
import type { Lead, LeadStatus } from '@contract/leads';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { confirmAction } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useUpdateLead } from '../api/update-lead';
import { visibleCustomFields } from '../lib/visible-custom-fields';

const statusOptions: { value: LeadStatus; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
  { value: 'bounced', label: 'Bounced' },
];

type FieldRow = { id: number; name: string; value: string };
let nextRowId = 0;
const fieldRow = (name = '', value = ''): FieldRow => ({ id: ++nextRowId, name, value });

/** Why the custom fields cannot be saved, or null. */
function fieldsProblem(rows: FieldRow[]): string | null {
  const named = rows.filter((row) => row.name.trim() !== '' || row.value.trim() !== '');
  if (named.some((row) => row.name.trim() === '')) return 'Each field needs a name';
  const names = named.map((row) => row.name.trim().toLowerCase());
  return new Set(names).size === names.length ? null : 'Each field needs its own name';
}

/**
 * Client Details in edit mode (decision 0035): email, names, company, the custom fields shown under Additional
 * Information (bookkeeping fields the import keeps stay as they are) and the status, changed by hand.
 */
export function LeadEditForm({ lead, onDone }: { lead: Lead; onDone: () => void }) {
  const update = useUpdateLead();
  const statusId = useId();
  const [email, setEmail] = useState(lead.email);
  const [firstName, setFirstName] = useState(lead.firstName ?? '');
  const [lastName, setLastName] = useState(lead.lastName ?? '');
  const [company, setCompany] = useState(lead.company ?? '');
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [rows, setRows] = useState(() => visibleCustomFields(lead.customFields).map(([k, v]) => fieldRow(k, v)));
  const [errors, setErrors] = useState<{ email?: string; fields?: string }>({});

  const changeRow = (id: number, change: Partial<FieldRow>) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const emailProblem =
      email.trim() === '' ? 'Email is required' : isValidEmail(email.trim()) ? undefined : 'Invalid email address';
    const next = { email: emailProblem, fields: fieldsProblem(rows) ?? undefined };
    setErrors(next);
    if (next.email || next.fields) return;

    // Someone who unsubscribed themselves is mailed again only if they asked for it.
    const resubscribe = status === 'active' && lead.status === 'unsubscribed' && !lead.statusChangedByHand;
    if (
      resubscribe &&
      !(await confirmAction({
        title: 'Set back to active?',
        description:
          'This lead unsubscribed from your emails. Set them back to active only if they asked to receive your emails again.',
        confirmLabel: 'They asked again',
      }))
    ) {
      return;
    }
    const kept = Object.entries(lead.customFields).filter(
      ([key]) => !visibleCustomFields(lead.customFields).some(([shown]) => shown === key),
    );
    const edited = rows.filter((row) => row.name.trim() !== '').map((row) => [row.name.trim(), row.value] as const);
    try {
      await update.mutateAsync({
        id: lead.id,
        changes: {
          email: email.trim(),
          firstName: firstName.trim() || null,
          lastName: lastName.trim() || null,
          company: company.trim() || null,
          customFields: Object.fromEntries([...kept, ...edited]),
          ...(status !== lead.status && { status, resubscribeConfirmed: resubscribe }),
        },
      });
      toast({ title: 'Success', description: 'Lead updated successfully' });
      onDone();
    } catch (error) {
      toast({ title: 'Error', description: errorToastMessage(error, 'Failed to update lead'), variant: 'destructive' });
    }
  };

  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle>Edit Lead</CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            id="edit-lead-email"
            label="Email *"
            type="email"
            autoComplete="off"
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="edit-lead-first-name"
              label="First Name"
              autoComplete="off"
              value={firstName}
              onChange={(event) => setFirstName(event.target.value)}
            />
            <FormField
              id="edit-lead-last-name"
              label="Last Name"
              autoComplete="off"
              value={lastName}
              onChange={(event) => setLastName(event.target.value)}
            />
          </div>
          <FormField
            id="edit-lead-company"
            label="Company"
            autoComplete="off"
            value={company}
            onChange={(event) => setCompany(event.target.value)}
          />
          <div className="grid gap-2">
            <Label htmlFor={statusId}>Status</Label>
            <OptionSelect
              id={statusId}
              value={status}
              options={statusOptions}
              onValueChange={(value) => setStatus(value as LeadStatus)}
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium text-sm">Custom fields</legend>
            {rows.map((row, index) => (
              <div key={row.id} className="flex items-center gap-2">
                <Input
                  aria-label={`Field ${index + 1} name`}
                  placeholder="Name (e.g. City)"
                  value={row.name}
                  onChange={(event) => changeRow(row.id, { name: event.target.value })}
                  className="w-2/5"
                />
                <Input
                  aria-label={`Field ${index + 1} value`}
                  placeholder="Value"
                  value={row.value}
                  onChange={(event) => changeRow(row.id, { value: event.target.value })}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove field ${index + 1}`}
                  onClick={() => setRows((current) => current.filter((other) => other.id !== row.id))}
                >
                  <X />
                </Button>
              </div>
            ))}
            {errors.fields && <p className="text-destructive text-sm">{errors.fields}</p>}
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => setRows((current) => [...current, fieldRow()])}
            >
              <Plus />
              Add Field
            </Button>
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
