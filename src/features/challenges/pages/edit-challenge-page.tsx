import { EditChallengeScreen } from './create-challenge-page.tsx';
import '../challenges.css';

export default function EditChallengePage() {
  return (
    <div className="container page narrow">
      <h1>Edit Challenge</h1>
      <EditChallengeScreen />
    </div>
  );
}
