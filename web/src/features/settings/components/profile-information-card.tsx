import { FormField } from '@/components/form-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ProfileForm } from '../lib/profile-form';

const FIELDS: { field: keyof ProfileForm; label: string; placeholder?: string; autoComplete?: string }[] = [
  { field: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { field: 'companyName', label: 'Company Name', autoComplete: 'organization' },
  { field: 'industry', label: 'Industry', placeholder: 'e.g. Real Estate, Finance, Healthcare' },
  { field: 'service', label: 'Service/Product' },
  { field: 'preferredLocalClients', label: 'Preferred Local Clients' },
];

/**
 * docs/product.md §2: the profile the strategy and the AI drafts are written from; no client-side validation
 * (docs/product.md §5). Saved with the rest of the Profile tab.
 */
export function ProfileInformationCard({
  form,
  onChange,
}: {
  form: ProfileForm;
  onChange: (form: ProfileForm) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Information</CardTitle>
        <CardDescription>Your business details, used for your strategy and your AI-written emails.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ field, label, placeholder, autoComplete }) => (
          <FormField
            key={field}
            id={`profile-${field}`}
            label={label}
            placeholder={placeholder}
            autoComplete={autoComplete}
            maxLength={200}
            value={form[field]}
            onChange={(event) => onChange({ ...form, [field]: event.target.value })}
          />
        ))}
      </CardContent>
    </Card>
  );
}
