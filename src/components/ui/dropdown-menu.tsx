import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';
import './menu.css';

/** Radix DropdownMenu parts with the system's look. Root and Trigger are Radix's own (Trigger asChild a Button). */
export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;

export function DropdownMenuContent({ className, sideOffset = 6, align = 'end', ...rest }: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content {...rest} sideOffset={sideOffset} align={align} className={['ui-menu', className].filter(Boolean).join(' ')} />
    </RadixMenu.Portal>
  );
}
export function DropdownMenuItem({ className, ...rest }: ComponentProps<typeof RadixMenu.Item>) {
  return <RadixMenu.Item {...rest} className={['ui-menu-item', className].filter(Boolean).join(' ')} />;
}
export function DropdownMenuLabel({ className, ...rest }: ComponentProps<typeof RadixMenu.Label>) {
  return <RadixMenu.Label {...rest} className={['ui-menu-label', className].filter(Boolean).join(' ')} />;
}
export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className="ui-menu-separator" />;
}
