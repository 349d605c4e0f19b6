import { API_KEY_AREAS, type ApiKeyArea, type CreatedApiKey, MAX_API_KEY_NAME_LENGTH } from '@contract/api-keys';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { errorToastMessage } from '@/lib/api';
import { useCreateApiKey } from '../api/create-api-key';
import { AREA_LABELS, type AreaAccess, scopesOf } from '../lib/api-key-scopes';

const ACCESS_OPTIONS = [
  { value: 'none', label: 'No access' },
  { value: 'read', label: 'Read' },
  { value: 'write', label: 'Read and write' },
] as const;

const readEverything = Object.fromEntries(API_KEY_AREAS.map((area) => [area, 'read'])) as Record<
  ApiKeyArea,
  AreaAccess
>;

/** Names a new key and chooses what it may do in each area; hands the made key (with its secret) to `onCreated`. */
export function NewApiKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [access, setAccess] = useState(readEverything);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const scopes = scopesOf(access);
    if (name.trim() === '') return setProblem('Give the key a name, such as the tool that will use it.');
    if (scopes.length === 0) return setProblem('Choose at least one area the key may read.');
    setProblem(null);
    try {
      const created = await create.mutateAsync({ name: name.trim(), scopes });
      setName('');
      setAccess(readEverything);
      onCreated(created);
    } catch (error) {
      setProblem(errorToastMessage(error, 'The key could not be made. Please try again.'));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border p-4">
      <FormField
        id="api-key-name"
        label="Key name"
        placeholder="e.g., HubSpot sync"
        maxLength={MAX_API_KEY_NAME_LENGTH}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">What the key may do</legend>
        {API_KEY_AREAS.map((area) => (
          <div key={area} className="grid grid-cols-[minmax(0,1fr)_10rem] items-center gap-3">
            <Label htmlFor={`api-key-${area}`}>{AREA_LABELS[area]}</Label>
            <OptionSelect
              id={`api-key-${area}`}
              value={access[area]}
              options={ACCESS_OPTIONS}
              onValueChange={(value) => setAccess({ ...access, [area]: value as AreaAccess })}
            />
          </div>
        ))}
      </fieldset>
      {problem && (
        <p role="alert" className="text-red-700 text-sm">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {create.isPending ? 'Creating...' : 'Create Key'}
      </Button>
    </form>
  );
}
