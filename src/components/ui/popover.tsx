import * as RadixPopover from '@radix-ui/react-popover';
import type { ComponentProps } from 'react';
import './menu.css';

/** Radix Popover: Popover > PopoverTrigger (asChild a Button) + PopoverContent. */
export const Popover = RadixPopover.Root;
export const PopoverTrigger = RadixPopover.Trigger;
export const PopoverClose = RadixPopover.Close;

export function PopoverContent({ className, sideOffset = 6, ...rest }: ComponentProps<typeof RadixPopover.Content>) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content {...rest} sideOffset={sideOffset} className={['ui-popover', className].filter(Boolean).join(' ')} />
    </RadixPopover.Portal>
  );
}
