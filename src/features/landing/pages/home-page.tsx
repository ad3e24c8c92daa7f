import '../landing.css';
import { Link } from 'wouter';

const FEATURES = [
  [
    'Challenges with fair leaderboards',
    'Time, reps, load, rounds + reps and more, ranked the way competitions do it: Rx above Scaled, shared places for ties, tie-breaks that count.',
  ],
  [
    'Personal records that mean something',
    'Log your bests on standard tests and see them normalized to a 0–1000 score, so a mile time and a back squat can be compared.',
  ],
  ['Video judging', 'Submit an attempt on video and get it judged, so every verified score on the board is earned.'],
  [
    'Squad battles and battle royale',
    'Team up for squad decimation battles or go it alone in a battle royale where the field shrinks every round.',
  ],
  ['Live attempts', 'Stream an attempt, or watch athletes go for it live and cheer them on.'],
  ['Creators and stories', 'Follow coaches and creators, subscribe to their programming, and share your own stories.'],
] as const;

export default function HomePage() {
  return (
    <div className="landing">
      <section className="landing-hero">
        <div className="container">
          <h1>Train hard. Score it right. Climb the board.</h1>
          <p className="lead">
            RepForge is where athletes and creators run fitness challenges, submit scores and personal records, and see exactly where they
            stand — on leaderboards that rank every score type fairly.
          </p>
          <p className="landing-actions">
            <Link href="/challenge-discovery-page" className="btn btn-primary">
              Browse challenges
            </Link>
            <Link href="/login-page" className="btn btn-secondary">
              Sign in
            </Link>
            <Link href="/global-test-leaderboards-page" className="btn btn-secondary">
              See global ranks
            </Link>
          </p>
        </div>
      </section>
      <section className="container landing-section" aria-labelledby="features-title">
        <h2 id="features-title">Everything a competitive athlete needs</h2>
        <ul className="landing-features">
          {FEATURES.map(([title, text]) => (
            <li key={title} className="card landing-feature">
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="container landing-section" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol className="landing-steps">
          <li>
            <h3>Join a challenge</h3>
            <p>Pick a workout, your division (Rx or Scaled) and start when the window opens.</p>
          </li>
          <li>
            <h3>Do the work, submit your score</h3>
            <p>Enter your time, reps or load in the format the workout uses. Big results may be verified before they rank.</p>
          </li>
          <li>
            <h3>Climb the board and keep the streak</h3>
            <p>Watch your rank move in real time, build streaks and celebrate every new personal record.</p>
          </li>
        </ol>
      </section>
      <section className="container landing-section landing-cta">
        <h2>Ready for your next personal best?</h2>
        <p>
          <Link href="/challenge-discovery-page" className="btn btn-primary">
            Find a challenge
          </Link>
        </p>
      </section>
    </div>
  );
}
