import { Button } from '@/components/ui/button';

/**
 * The one Save of a Settings tab, below its cards: it saves every field of the tab at once, which the line beside it
 * says, since the cards above look like separate forms.
 */
export function SaveGroupButton({
  label,
  group,
  pending,
  onClick,
}: {
  label: string;
  /** The tab's name as its tab shows it. */
  group: string;
  pending: boolean;
  /** Without one, the button submits the tab's form. */
  onClick?: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type={onClick ? 'button' : 'submit'} onClick={onClick} disabled={pending}>
        {pending ? 'Saving...' : label}
      </Button>
      <p className="text-muted-foreground text-sm">Saves everything under {group}.</p>
    </div>
  );
}
