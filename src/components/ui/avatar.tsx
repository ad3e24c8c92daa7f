import * as RadixAvatar from '@radix-ui/react-avatar';
import './avatar.css';

/** Up to two initials from a display name ("Ana Miles" -> "AM"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((w) => Array.from(w)[0]!.toUpperCase()).join('') || '?';
}

/** A round picture with the person's initials while it loads or when there is none. */
export function Avatar({ name, src, size = 40 }: { name: string; src?: string | null; size?: number }) {
  return (
    <RadixAvatar.Root className="ui-avatar" style={{ width: size, height: size, fontSize: size * 0.4 }}>
      {src ? <RadixAvatar.Image className="ui-avatar-image" src={src} alt={name} /> : null}
      <RadixAvatar.Fallback className="ui-avatar-fallback" delayMs={src ? 400 : 0}>
        <span aria-hidden>{initials(name)}</span>
        <span className="visually-hidden">{name}</span>
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
