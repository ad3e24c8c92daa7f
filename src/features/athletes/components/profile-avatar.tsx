import { useState } from 'react';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** The athlete's picture, or their initials when there is none (decorative: the name is always beside it). */
export function ProfileAvatar({ name, url, size = 96 }: { name: string; url: string | null; size?: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  // An https address the athlete typed, or a picture they uploaded here (a same-site path).
  const usable = url && (/^https:\/\//i.test(url) || /^\/(?!\/)/.test(url)) && broken !== url;
  return (
    <span className="profile-avatar" style={{ width: size, height: size, fontSize: size / 2.6 }} aria-hidden="true">
      {usable ? (
        <img src={url} alt="" width={size} height={size} onError={() => setBroken(url)} referrerPolicy="no-referrer" />
      ) : (
        initialsOf(name)
      )}
    </span>
  );
}
