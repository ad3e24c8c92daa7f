import { SvgIcon, type IconProps } from './icons.tsx';

// Glyphs drawn as icons.tsx draws them, kept apart from it: icons.tsx is in every first load (the header's), and a module
// there carries every export any page uses, so the check mark (checkbox, select) and the report flag (signed-in boards)
// would ride along in every first load.

export function CheckIcon({ size = 16, ...rest }: IconProps) {
  return (
    <SvgIcon size={size} {...rest}>
      <path d="M20 6 9 17l-5-5" />
    </SvgIcon>
  );
}

export function FlagIcon({ size = 16, ...rest }: IconProps) {
  return (
    <SvgIcon size={size} {...rest}>
      <path d="M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.33 2q2 0 3.67-.67a1 1 0 0 1 1.4.9v10.34a1 1 0 0 1-.6.92A9 9 0 0 1 15.33 16C13 16 11 14 8 14a6 6 0 0 0-4 1.33" />
    </SvgIcon>
  );
}
