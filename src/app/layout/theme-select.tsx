import { setTheme, useTheme, type ThemeChoice } from '../../lib/theme.ts';

export function ThemeSelect() {
  const theme = useTheme();
  return (
    <label className="theme-select">
      <span className="visually-hidden">Theme</span>
      <select value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)} aria-label="Theme">
        <option value="light">Light</option>
        <option value="dark">Dark</option>
        <option value="system">System</option>
      </select>
    </label>
  );
}
