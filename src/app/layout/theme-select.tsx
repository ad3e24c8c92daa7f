import { Select } from '../../components/ui/select.tsx';
import { setTheme, useTheme, type ThemeChoice } from '../../lib/theme.ts';

const THEMES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
] as const;

export function ThemeSelect() {
  const theme = useTheme();
  return (
    <Select<ThemeChoice>
      id="theme-select"
      className="theme-select ui-select-compact"
      label="Theme"
      hideLabel
      options={THEMES}
      value={theme}
      onChange={setTheme}
    />
  );
}
