import { smtpConnectRequestSchema } from '@contract/accounts';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type Control, useForm, useWatch } from 'react-hook-form';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { errorToastMessage } from '@/lib/api';
import { useConnectSmtpAccount } from '../api/connect-smtp-account';
import { checkWithSchema } from '../lib/check-with-schema';
import { defaultImapFields, emptySmtpForm, type SmtpFormValues, toSmtpConnectRequest } from '../lib/smtp-form';
import { ServerSettingsFields } from './server-settings-fields';

const checkEmail = checkWithSchema(smtpConnectRequestSchema.shape.email);

function ServerSection({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border p-4">
      <legend className="px-1 font-medium text-sm">{title}</legend>
      <p className="-mt-2 text-muted-foreground text-xs">{description}</p>
      {children}
    </fieldset>
  );
}

/** What "Same as SMTP" stands for, spelled out so the user knows what will be tried. */
function ImapDefaultsSummary({ control }: { control: Control<SmtpFormValues> }) {
  const [email, smtp] = useWatch({ control, name: ['email', 'smtp'] });
  const imap = defaultImapFields({ email, smtp });
  return (
    <p className="rounded-lg bg-muted/60 px-3 py-2 text-muted-foreground text-sm">
      {imap.host || 'The SMTP host'}, port {imap.port} with SSL/TLS, same username and password.
    </p>
  );
}

/**
 * docs/product.md §2 "SMTP / IMAP": any mailbox by its server settings. The server signs in to both before saving, which
 * takes a few seconds; on failure its answer shows here and every typed value stays.
 */
export function SmtpConnectTab({ onConnected, onCancel }: { onConnected: () => void; onCancel: () => void }) {
  const connect = useConnectSmtpAccount();
  const form = useForm<SmtpFormValues>({ defaultValues: emptySmtpForm });
  const { register, handleSubmit, setValue, getValues, control, formState } = form;
  const [readReplies, imapSameAsSmtp] = useWatch({ control, name: ['readReplies', 'imapSameAsSmtp'] });
  const [serverAnswer, setServerAnswer] = useState<string | null>(null);

  const setImapSameAsSmtp = (same: boolean) => {
    // Editing starts from the defaults, so only what differs needs typing.
    if (!same) setValue('imap', defaultImapFields(getValues()));
    setValue('imapSameAsSmtp', same);
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerAnswer(null);
    try {
      await connect.mutateAsync(toSmtpConnectRequest(values));
      toast({ title: 'Account Connected', description: 'Your account has been connected successfully.' });
      onConnected();
    } catch (error) {
      setServerAnswer(errorToastMessage(error, 'Failed to connect account'));
      // The answer is shown once, in the dialog beside the settings; the toast only points there.
      toast({ title: 'Connection Failed', description: 'The answer is shown in the dialog.', variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="SMTP / IMAP settings" className="grid gap-5">
      <fieldset disabled={connect.isPending} className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="smtp-account-email"
            label="Email"
            type="email"
            placeholder="you@yourcompany.com"
            autoComplete="off"
            error={formState.errors.email?.message}
            {...register('email', { validate: checkEmail })}
          />
          <FormField
            id="smtp-account-display-name"
            label="Display name"
            placeholder="e.g., Sam from Harbor Homes"
            hint="The sender name recipients see."
            autoComplete="off"
            {...register('displayName')}
          />
        </div>

        <ServerSection title="SMTP (outgoing mail)" description="Where campaign emails are sent through.">
          <ServerSettingsFields server="smtp" form={form} userOptional />
        </ServerSection>

        <ServerSection title="IMAP (incoming mail)" description="Where replies and bounces are read from.">
          <div className="flex items-center gap-3">
            <Switch
              id="imap-read-replies"
              checked={readReplies}
              onCheckedChange={(read) => setValue('readReplies', read)}
            />
            <Label htmlFor="imap-read-replies">Also read replies (IMAP)</Label>
          </div>
          {!readReplies ? (
            <p className="rounded-lg bg-muted/60 px-3 py-2 text-muted-foreground text-sm">
              Replies and bounces will not be read from this mailbox: only sending is set up. To read them later,
              connect the mailbox again with its IMAP settings.
            </p>
          ) : (
            <>
              <div className="flex items-center gap-3">
                <Switch id="imap-same-as-smtp" checked={imapSameAsSmtp} onCheckedChange={setImapSameAsSmtp} />
                <Label htmlFor="imap-same-as-smtp">Same as SMTP</Label>
              </div>
              {imapSameAsSmtp ? (
                <ImapDefaultsSummary control={control} />
              ) : (
                <ServerSettingsFields
                  server="imap"
                  form={form}
                  active={(values) => values.readReplies && !values.imapSameAsSmtp}
                />
              )}
            </>
          )}
        </ServerSection>
      </fieldset>

      {serverAnswer && (
        <div role="alert" className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 text-sm">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-medium">The connection could not be proven</p>
            <p className="break-words">{serverAnswer}</p>
          </div>
        </div>
      )}

      <div className="flex flex-col-reverse items-center gap-3 sm:flex-row sm:justify-end">
        {connect.isPending && (
          <p className="text-muted-foreground text-xs sm:mr-auto" aria-live="polite">
            {readReplies ? 'Signing in to SMTP and IMAP.' : 'Signing in to SMTP.'} This can take a few seconds.
          </p>
        )}
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending && <Spinner className="size-4" />}
          {connect.isPending ? 'Testing connection...' : 'Test & Connect'}
        </Button>
      </div>
    </form>
  );
}
