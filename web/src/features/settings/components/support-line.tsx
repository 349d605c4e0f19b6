import { LifeBuoy } from 'lucide-react';
import { useSupport } from '@/api/get-support';

/** Whom to write to with a question, as Help says it: the server's support address, else its administrator. */
export function SupportLine() {
  const support = useSupport();
  if (support.isPending) return null;
  const email = support.data?.email;
  return (
    <p className="text-muted-foreground text-sm">
      <LifeBuoy className="-mt-0.5 mr-1.5 inline size-4 text-primary" aria-hidden="true" />
      {email ? (
        <>
          Questions about your subscription or anything else? Write to{' '}
          <a href={`mailto:${email}`} className="font-medium text-primary hover:underline">
            {email}
          </a>
          ; subscribers get an answer within 24 hours.
        </>
      ) : (
        'Questions about your subscription or anything else? Ask your LocalReach administrator.'
      )}
    </p>
  );
}
