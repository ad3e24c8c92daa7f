import AthleteProfilePage from '#src/features/athletes/pages/athlete-profile-page.tsx';
import { FollowPanel } from '#src/features/follows/components/follow-panel.tsx';
import { ProfileVideoInterviews } from '#src/features/interviews/components/profile-video-interviews.tsx';
import { ProfileChallengeResults } from '#src/features/challenges/components/profile-challenge-results.tsx';

/**
 * /athlete-profile-page: the athletes area's profile with the follows area's counts and Follow button in its
 * header, the challenges area's verified results in challenges without a catalogue test (issue #37), and the interviews
 * area's video interviews the athlete put on it.
 */
export default function AthleteProfile() {
  return (
    <AthleteProfilePage
      social={(a) => <FollowPanel userId={a.userId} name={a.name} isMe={a.isMe} />}
      sections={(a) => (
        <>
          <ProfileChallengeResults userId={a.userId} name={a.name} />
          <ProfileVideoInterviews userId={a.userId} name={a.name} />
        </>
      )}
    />
  );
}
