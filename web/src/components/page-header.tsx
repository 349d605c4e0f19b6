import type { ReactNode } from 'react';

/** The title block every signed-in screen starts with, and the screen's main buttons beside it. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description: ReactNode;
  actions?: ReactNode;
}) {
  const heading = (
    <div className="mb-8">
      <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-2 text-muted-foreground">{description}</p>
    </div>
  );
  if (!actions) return heading;
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-6">
      {heading}
      <div className="mb-6 flex flex-wrap gap-2 sm:mt-1">{actions}</div>
    </div>
  );
}
