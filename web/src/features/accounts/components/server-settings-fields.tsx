import { serverSettingsSchema } from '@contract/accounts';
import { TriangleAlert } from 'lucide-react';
import { Controller, type FieldErrors, type UseFormReturn, useWatch } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { checkWithSchema } from '../lib/check-with-schema';
import { type ConnectionSecurity, portForSecurity, type SmtpFormValues, validatePort } from '../lib/smtp-form';

type Server = 'smtp' | 'imap';

const checkHost = checkWithSchema(serverSettingsSchema.shape.host);
const checkUser = checkWithSchema(serverSettingsSchema.shape.user);
const checkPassword = checkWithSchema(serverSettingsSchema.shape.password);

type ServerSettingsFieldsProps = {
  server: Server;
  form: UseFormReturn<SmtpFormValues>;
  /** The SMTP user may be left blank (it defaults to the email address); the IMAP one is always filled. */
  userOptional?: boolean;
  /** Whether these fields are checked at all (the IMAP ones are not while they follow SMTP). */
  active?: (values: SmtpFormValues) => boolean;
};

/** Host, port, security, user and password of one mail server. */
export function ServerSettingsFields({ server, form, userOptional, active = () => true }: ServerSettingsFieldsProps) {
  const { register, control, setValue, getValues } = form;
  const security = useWatch({ control, name: `${server}.security` });
  const errors: FieldErrors<SmtpFormValues[Server]> = form.formState.errors[server] ?? {};
  const id = (field: string) => `${server}-${field}`;
  const when = (check: (value: string) => true | string) => (value: string, values: SmtpFormValues) =>
    !active(values) || check(value);

  const chooseSecurity = (next: ConnectionSecurity) => {
    const previous = getValues(`${server}.security`);
    const port = portForSecurity(server, getValues(`${server}.port`), previous, next);
    setValue(`${server}.security`, next);
    setValue(`${server}.port`, port, { shouldValidate: true });
  };

  return (
    <div className="grid gap-4 sm:grid-cols-4">
      <FormField
        id={id('host')}
        label="Host"
        className="sm:col-span-2"
        placeholder={server === 'smtp' ? 'smtp.example.com' : 'imap.example.com'}
        autoComplete="off"
        spellCheck={false}
        error={errors.host?.message}
        {...register(`${server}.host`, { validate: when(checkHost) })}
      />
      <FormField
        id={id('port')}
        label="Port"
        inputMode="numeric"
        autoComplete="off"
        error={errors.port?.message}
        {...register(`${server}.port`, { validate: when(validatePort) })}
      />
      <div className="grid content-start gap-2">
        <Label htmlFor={id('security')}>Security</Label>
        <Controller
          control={control}
          name={`${server}.security`}
          render={({ field }) => (
            <Select value={field.value} onValueChange={(value) => chooseSecurity(value as ConnectionSecurity)}>
              <SelectTrigger id={id('security')} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="ssl">SSL/TLS</SelectItem>
                <SelectItem value="starttls">STARTTLS</SelectItem>
                <SelectItem value="none">None</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
      </div>
      <FormField
        id={id('user')}
        label="Username"
        className="sm:col-span-2"
        placeholder={userOptional ? 'Same as the email address' : undefined}
        autoComplete="off"
        spellCheck={false}
        error={errors.user?.message}
        {...register(`${server}.user`, { validate: userOptional ? undefined : when(checkUser) })}
      />
      <FormField
        id={id('password')}
        label="Password"
        type="password"
        className="sm:col-span-2"
        // A fresh secret for another server: the browser must not offer the LocalReach password here.
        autoComplete="new-password"
        error={errors.password?.message}
        {...register(`${server}.password`, { validate: when(checkPassword) })}
      />
      {security === 'none' && (
        <p className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50/60 p-3 text-amber-900 text-sm sm:col-span-4">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Without security the password and every message travel in clear text. Choose None only for a relay on this
          machine or your own network (usually port 25 or 1025).
        </p>
      )}
    </div>
  );
}
