import type { ListedLead } from '@contract/leads';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { LeadRow } from './lead-row';
import { useDeleteLeadWithConfirm } from './use-delete-lead-with-confirm';

/** A row's height on a wide screen; on a phone a long email wraps and the company sits under it, so rows grow. */
export const LEAD_ROW_HEIGHT = 72;

/** The distance from the top of the document to the element, kept current as the content above it changes. */
function useDocumentOffset(ref: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOffset(element.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

/**
 * The rows are virtualised against the page's own scroll: only the rows in view are in the document, so thousands
 * of loaded leads scroll smoothly. Each row is measured as it renders, since on a phone rows differ in height.
 */
export function VirtualLeadRows({
  leads,
  selected,
  onToggle,
  onOpenLead,
}: {
  leads: ListedLead[];
  selected: ReadonlyMap<number, unknown>;
  onToggle: (lead: ListedLead) => void;
  onOpenLead: (id: number) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useDocumentOffset(listRef);
  const { deleteWithConfirm, pendingId } = useDeleteLeadWithConfirm();
  const virtualizer = useWindowVirtualizer({
    count: leads.length,
    estimateSize: () => LEAD_ROW_HEIGHT,
    overscan: 8,
    scrollMargin,
    getItemKey: (index) => leads[index].id,
  });
  return (
    <ul
      ref={listRef}
      aria-label="Leads"
      className="relative m-0 w-full list-none border-t p-0"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const lead = leads[item.index];
        return (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            // Only some rows are in the document, so each says where it sits in the whole list.
            aria-setsize={leads.length}
            aria-posinset={item.index + 1}
            className="absolute inset-x-0 top-0"
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <LeadRow
              lead={lead}
              position={item.index + 1}
              selected={selected.has(lead.id)}
              onToggle={() => onToggle(lead)}
              deleting={pendingId === lead.id}
              onOpen={() => onOpenLead(lead.id)}
              onDelete={() => deleteWithConfirm(lead.id)}
            />
          </li>
        );
      })}
    </ul>
  );
}
