import { useState } from 'react';
import { useMyAthleteProfile } from '#src/features/athletes/api/profile.ts';

// The signed-in athlete's uploaded or linked picture, loaded with the first signed-in header (menu-faces.tsx): the
// profile read brings the API client, which a visitor's first load does without.

/** The picture on the athlete's profile, or nothing (the initials show) while it loads, when there is none or it fails. */
export default function AvatarPicture() {
  const profile = useMyAthleteProfile();
  const url = profile.data?.avatar_url ?? null;
  const [broken, setBroken] = useState<string | null>(null);
  const usable = url && (/^https:\/\//i.test(url) || /^\/(?!\/)/.test(url)) && broken !== url;
  if (!usable) return null;
  return (
    <img src={url} alt="" width={32} height={32} className="avatar-image" onError={() => setBroken(url)} referrerPolicy="no-referrer" />
  );
}
