import CreateChallengePage from '#src/features/challenges/pages/create-challenge-page.tsx';
import { withEventForm } from './event-form-route.tsx';

export default withEventForm(CreateChallengePage);
