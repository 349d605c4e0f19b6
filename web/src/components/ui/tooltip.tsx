import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type * as React from 'react';

/** docs/product.md §9: tooltips open after 700 ms, and within 300 ms of closing one the next opens at once. */
export function TooltipProvider({
  delayDuration = 700,
  skipDelayDuration = 300,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={delayDuration} skipDelayDuration={skipDelayDuration} {...props} />;
}
