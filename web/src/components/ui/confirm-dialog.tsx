import { useEffect, useState } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

export type ConfirmOptions = {
  title: string;
  description?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action gets the red button. */
  destructive?: boolean;
};

type PendingConfirm = ConfirmOptions & { answer(confirmed: boolean): void };

let pending: PendingConfirm | null = null;
const listeners = new Set<(next: PendingConfirm | null) => void>();

function publish(next: PendingConfirm | null) {
  pending = next;
  for (const listener of listeners) listener(pending);
}

/**
 * The app's own confirm, in place of `window.confirm`: resolves true when the user confirms, false when they cancel,
 * press Esc or click outside. One question at a time; a new one answers the previous with false.
 */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  pending?.answer(false);
  return new Promise((resolve) => {
    const question: PendingConfirm = {
      ...options,
      answer: (confirmed) => {
        if (pending === question) publish(null);
        resolve(confirmed);
      },
    };
    publish(question);
  });
}

/** Mounted once (AppProvider); shows the question `confirmAction` asks, above any dialog already open. */
export function ConfirmDialogHost() {
  const [question, setQuestion] = useState(pending);
  useEffect(() => {
    listeners.add(setQuestion);
    return () => {
      listeners.delete(setQuestion);
    };
  }, []);

  return (
    <Dialog open={question !== null} onOpenChange={(open) => !open && question?.answer(false)}>
      {question && (
        <DialogContent
          role="alertdialog"
          showCloseButton={false}
          className="max-w-md"
          {...(question.description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogHeader>
            <DialogTitle>{question.title}</DialogTitle>
            {question.description && <DialogDescription>{question.description}</DialogDescription>}
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => question.answer(false)}>
              {question.cancelLabel ?? 'Cancel'}
            </Button>
            <Button
              variant={question.destructive ? 'destructive' : 'default'}
              onClick={() => question.answer(true)}
              autoFocus
            >
              {question.confirmLabel ?? 'Confirm'}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
