import { TEMPLATE_VARIABLES, type TemplateVariable } from '@contract/template-render';
import { Braces, ChevronDown } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

const variableLabels: Record<TemplateVariable, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  company: 'Company',
};

export type VariableTarget = 'subject' | 'body';

/** Inserts {firstName} and the like at the cursor of the subject or the body, whichever was focused last. */
export function InsertVariableMenu({
  target,
  onInsert,
}: {
  target: VariableTarget;
  onInsert: (token: string) => void;
}) {
  // Inserted once the menu has closed and released focus, so the field can take focus back.
  const chosenToken = useRef<string | null>(null);

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="h-8">
          <Braces />
          Insert variable
          <ChevronDown className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="w-64"
        onCloseAutoFocus={(event) => {
          const token = chosenToken.current;
          chosenToken.current = null;
          if (!token) return;
          // Focus goes to the field the variable went into, not back to this button.
          event.preventDefault();
          onInsert(token);
        }}
      >
        <DropdownMenuLabel className="text-muted-foreground text-xs">Insert into the {target}</DropdownMenuLabel>
        {TEMPLATE_VARIABLES.map((variable) => (
          <DropdownMenuItem
            key={variable}
            onSelect={() => {
              chosenToken.current = `{${variable}}`;
            }}
          >
            <span className="flex-1">{variableLabels[variable]}</span>
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-muted-foreground text-xs">{`{${variable}}`}</code>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <p className="px-2 py-1.5 text-muted-foreground text-xs leading-relaxed">
          Add a fallback for leads without a value: <code className="font-mono">{'{firstName|there}'}</code>
        </p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
