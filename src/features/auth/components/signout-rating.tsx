import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

const LABELS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** A quick 1–5 rating with an optional comment, offered after signing out. */
export function SignoutRating() {
  const commentId = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async () => {
      const { data, error } = await api.POST('/api/feedback/signout-feedback', {
        body: { rating, ...(comment.trim() ? { comment: comment.trim() } : {}) },
      });
      if (!data) throw new Error(error?.detail ?? 'We could not save your rating. Please try again.');
      return data.message;
    },
    onError: (e) => setProblem(e.message),
  });
  if (send.isSuccess) {
    return (
      <p className="success-text" role="status">
        Thanks for rating your visit. It helps us decide what to improve next.
      </p>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1) return setProblem('Choose a rating from 1 to 5.');
    setProblem(null);
    send.mutate();
  };
  return (
    <form className="form signout-rating" onSubmit={submit} noValidate>
      <fieldset className="rating">
        <legend>How was your visit today?</legend>
        <div className="rating-options">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`rating-option${rating === n ? ' chosen' : ''}`}>
              <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
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
        <textarea id={commentId} rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
      </div>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-secondary" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send rating'}
      </button>
    </form>
  );
}
