import type { ComponentType } from 'react';
import { MonitorIcon, MoonIcon, SunIcon } from '#src/components/ui/icons.tsx';
import { setTheme, useTheme, type ThemeChoice } from '#src/lib/theme.ts';

const THEMES: readonly { value: ThemeChoice; label: string; Icon: ComponentType<{ size?: number }> }[] = [
  { value: 'light', label: 'Light', Icon: SunIcon },
  { value: 'dark', label: 'Dark', Icon: MoonIcon },
  { value: 'system', label: 'System', Icon: MonitorIcon },
];

/**
 * The theme as three pressed/unpressed icon buttons (in the header on every page, so it stays out of
 * Radix Select and its positioning code, which the first load would otherwise carry).
 */
export function ThemeSelect() {
  const theme = useTheme();
  return (
    <div className="theme-toggle" role="group" aria-label="Theme">
      {THEMES.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          className="theme-toggle-button"
          data-theme-value={value}
          aria-pressed={theme === value}
          aria-label={label}
          title={`${label} theme`}
          onClick={() => setTheme(value)}
        >
          <Icon size={16} />
        </button>
      ))}
    </div>
  );
}
