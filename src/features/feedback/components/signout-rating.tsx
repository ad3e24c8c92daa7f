import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { SIGNOUT_COMMENT_MAX, SIGNOUT_RATING_MAX } from '#domain/constants.ts';
import { signoutRatingMachine, type SignoutRatingPayload } from '#machines/signout-rating.ts';
import { sendSignoutRating } from '../api/signout-rating.ts';
import '../feedback.css';

const LABELS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];
const CHOICES = Array.from({ length: SIGNOUT_RATING_MAX }, (_, i) => i + 1);

const ratingMachine = signoutRatingMachine.provide({
  actors: { sendRating: fromPromise<unknown, SignoutRatingPayload>(({ input }) => sendSignoutRating(input)) },
});

/** A quick 1–5 rating with an optional comment, offered after signing out. */
export function SignoutRating() {
  const commentId = useId();
  const actor = useFlow(ratingMachine);
  const { rating, comment, problem } = useSelector(actor, (s) => s.context);
  const thanked = useSelector(actor, (s) => s.matches('thanked'));
  const pending = useSelector(actor, (s) => s.hasTag('busy'));
  if (thanked) {
    return (
      <p className="success-text" role="status">
        Thanks for rating your visit. It helps us decide what to improve next.
      </p>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'rating.submit' });
  };
  return (
    <form className="form signout-rating" onSubmit={submit} noValidate>
      <fieldset className="rating">
        <legend>How was your visit today?</legend>
        <div className="rating-options">
          {CHOICES.map((n) => (
            <label key={n} className={`rating-option${rating === n ? ' chosen' : ''}`}>
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => actor.send({ type: 'rating.choose', rating: n })}
              />
              <span aria-hidden="true">{n}</span>
              <span className="visually-hidden">
                {n} – {LABELS[n]}
              </span>
            </label>
          ))}
        </div>
        <p className="hint">1 is poor, 5 is excellent.</p>
      </fieldset>
      <div className="field">
        <label htmlFor={commentId}>Anything we should know? (optional)</label>
        <textarea
          id={commentId}
          rows={3}
          maxLength={SIGNOUT_COMMENT_MAX}
          value={comment}
          onChange={(e) => actor.send({ type: 'rating.comment', value: e.target.value })}
        />
      </div>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-secondary" disabled={pending}>
        {pending ? 'Sending…' : 'Send rating'}
      </button>
    </form>
  );
}
