import { Fragment } from 'react';

/**
 * An email address that may wrap only where a person would break it: after the "@" and before each ".". A long
 * address on a phone then reads "bartholomew.featherstone@ / very-long-company.test" instead of being cut
 * mid-word or cut off.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one address never reorder: their position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
