import AthleteProfilePage from '#src/features/athletes/pages/athlete-profile-page.tsx';
import { FollowPanel } from '#src/features/follows/components/follow-panel.tsx';

/** /athlete-profile-page: the athletes area's profile with the follows area's counts and Follow button in its header. */
export default function AthleteProfile() {
  return <AthleteProfilePage social={(a) => <FollowPanel userId={a.userId} name={a.name} isMe={a.isMe} />} />;
}
