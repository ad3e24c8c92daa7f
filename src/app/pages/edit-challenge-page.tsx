import EditChallengePage from '#src/features/challenges/pages/edit-challenge-page.tsx';
import { withEventForm } from './event-form-route.tsx';

export default withEventForm(EditChallengePage);
