import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import './tabs.css';

/** Radix Tabs with the system's look: Tabs > TabList > Tab…, then TabPanel per value. */
export function Tabs({ className, ...rest }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root {...rest} className={['ui-tabs', className].filter(Boolean).join(' ')} />;
}
export function TabList({ className, ...rest }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List {...rest} className={['ui-tab-list', className].filter(Boolean).join(' ')} />;
}
export function Tab({ className, ...rest }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger {...rest} className={['ui-tab', className].filter(Boolean).join(' ')} />;
}
export function TabPanel({ className, ...rest }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content {...rest} className={['ui-tab-panel', className].filter(Boolean).join(' ')} />;
}
