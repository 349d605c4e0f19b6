import { useEffect, useState } from 'react';
import type { ToastVariant } from './toast';

// docs/product.md §9: one toast at a time; a dismissed toast leaves the store after 1,000,000 ms.
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastOptions = {
  title?: string;
  description?: string;
  variant?: ToastVariant;
};

type ToastItem = ToastOptions & {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

let toasts: ToastItem[] = [];
const listeners = new Set<(toasts: ToastItem[]) => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let nextId = 0;

function publish(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((toast) => toast.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

function dismissToast(id: string) {
  scheduleRemoval(id);
  publish(toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
}

/** Shows a toast, replacing the current one. */
export function toast(options: ToastOptions) {
  nextId += 1;
  const id = String(nextId);
  const item: ToastItem = {
    ...options,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismissToast(id);
    },
  };
  publish([item, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast() {
  const [state, setState] = useState(toasts);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state, toast };
}
