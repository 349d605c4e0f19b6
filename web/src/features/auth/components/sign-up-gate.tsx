import { ADMINISTRATOR_SIGN_UP_ONLY, SIGN_UP_BY_INVITATION, SIGN_UP_CLOSED } from '@contract/sign-up';
import type { ReactNode } from 'react';
import { useSearch } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { useSignUpOptions } from '../api/get-sign-up-options';

function Note({ children }: { children: ReactNode }) {
  return <p className="mb-4 rounded-md border bg-muted/50 px-4 py-3 text-sm">{children}</p>;
}

/**
 * The sign-up form where this server lets the visitor sign up, with a note when sign-up is not open to anyone; only
 * the note where it does not (decision 0060), so nobody fills in a form the server will refuse. Unreadable options
 * leave the form: the server's answer then says what is wrong.
 */
export function SignUpGate({ children }: { children: ReactNode }) {
  const options = useSignUpOptions();
  const invited = new URLSearchParams(useSearch()).has('invitation');

  if (options.isPending) {
    return (
      <div className="flex justify-center py-6 text-primary" role="status" aria-label="Loading">
        <Spinner className="size-5" />
      </div>
    );
  }
  const mode = options.data?.mode ?? 'open';
  if (mode === 'open' && !invited) return children;
  if (options.data?.adminPending && mode !== 'open') {
    return (
      <>
        <Note>{ADMINISTRATOR_SIGN_UP_ONLY}</Note>
        {children}
      </>
    );
  }
  if (mode === 'closed') return <Note>{SIGN_UP_CLOSED}</Note>;
  if (!invited) return <Note>{SIGN_UP_BY_INVITATION}</Note>;
  return (
    <>
      <Note>You were invited to LocalReach: create your account with the address the invitation was sent to.</Note>
      {children}
    </>
  );
}
