import SignedOutPage from '#src/features/auth/pages/signed-out-page.tsx';
import { SignoutRating } from '#src/features/feedback/components/signout-rating.tsx';

/** The signed-out page composes the auth area with the feedback area's visit rating. */
export default function SignedOut() {
  return (
    <SignedOutPage>
      <SignoutRating />
    </SignedOutPage>
  );
}
