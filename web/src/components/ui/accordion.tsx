import { ChevronDown } from 'lucide-react';
import type * as React from 'react';
import { createContext, type KeyboardEvent, useContext, useId, useState } from 'react';
import { cn } from '@/lib/utils';

/*
 * A single-open, collapsible accordion after the WAI-ARIA pattern (heading > button with aria-expanded and
 * aria-controls, panel as a labelled region), in the shadcn style. Built here because @radix-ui/react-accordion is
 * not installed.
 */

type AccordionState = { openValue: string | null; toggle: (value: string) => void };
const AccordionContext = createContext<AccordionState | null>(null);

type ItemState = { value: string; open: boolean; triggerId: string; contentId: string };
const ItemContext = createContext<ItemState | null>(null);

function useRequired<T>(value: T | null, part: string): T {
  if (value === null) throw new Error(`${part} must be used inside its Accordion parts`);
  return value;
}

/** At most one item open at a time; opening one closes the other, and an open item's trigger closes it. */
export function Accordion({ className, ...props }: React.ComponentProps<'div'>) {
  const [openValue, setOpenValue] = useState<string | null>(null);
  const toggle = (value: string) => setOpenValue((current) => (current === value ? null : value));
  return (
    <AccordionContext value={{ openValue, toggle }}>
      <div data-slot="accordion" className={className} {...props} />
    </AccordionContext>
  );
}

export function AccordionItem({ value, className, ...props }: React.ComponentProps<'div'> & { value: string }) {
  const { openValue } = useRequired(useContext(AccordionContext), 'AccordionItem');
  const id = useId();
  const open = openValue === value;
  return (
    <ItemContext value={{ value, open, triggerId: `${id}-trigger`, contentId: `${id}-content` }}>
      <div
        data-slot="accordion-item"
        data-state={open ? 'open' : 'closed'}
        className={cn('border-b last:border-b-0', className)}
        {...props}
      />
    </ItemContext>
  );
}

// Up/Down, Home and End move between the triggers of one accordion, as the WAI-ARIA pattern recommends.
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const triggers = Array.from(
    event.currentTarget
      .closest('[data-slot="accordion"]')
      ?.querySelectorAll<HTMLButtonElement>('[data-slot="accordion-trigger"]') ?? [],
  );
  const index = triggers.indexOf(event.currentTarget);
  const target = {
    ArrowDown: triggers[(index + 1) % triggers.length],
    ArrowUp: triggers[(index - 1 + triggers.length) % triggers.length],
    Home: triggers[0],
    End: triggers[triggers.length - 1],
  }[event.key];
  if (!target) return;
  event.preventDefault();
  target.focus();
}

export function AccordionTrigger({ className, children, ...props }: React.ComponentProps<'button'>) {
  const { toggle } = useRequired(useContext(AccordionContext), 'AccordionTrigger');
  const { value, open, triggerId, contentId } = useRequired(useContext(ItemContext), 'AccordionTrigger');
  return (
    <h3 className="flex">
      <button
        type="button"
        id={triggerId}
        data-slot="accordion-trigger"
        data-state={open ? 'open' : 'closed'}
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => toggle(value)}
        onKeyDown={moveFocus}
        className={cn(
          'flex flex-1 items-center justify-between gap-4 rounded-md py-4 text-left font-medium text-sm outline-none transition-all hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown
          className={cn(
            'size-4 shrink-0 text-muted-foreground transition-transform duration-200',
            open && 'rotate-180',
          )}
          aria-hidden="true"
        />
      </button>
    </h3>
  );
}

export function AccordionContent({ className, ...props }: React.ComponentProps<'section'>) {
  const { open, triggerId, contentId } = useRequired(useContext(ItemContext), 'AccordionContent');
  return (
    // A section named by its trigger is a region for assistive technology.
    <section
      id={contentId}
      aria-labelledby={triggerId}
      hidden={!open}
      data-slot="accordion-content"
      data-state={open ? 'open' : 'closed'}
      className={cn('pb-4 text-sm', className)}
      {...props}
    />
  );
}
