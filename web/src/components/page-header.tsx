import type { ReactNode } from 'react';

/** The title block every signed-in screen starts with. */
export function PageHeader({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-2 text-muted-foreground">{description}</p>
    </div>
  );
}
