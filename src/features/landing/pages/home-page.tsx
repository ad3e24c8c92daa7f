import '../landing.css';
import { Link } from 'wouter';
import { AccountSummary } from '../components/account-summary.tsx';
import { LivePanels } from '../components/live-panels.tsx';

/** What is built and works today, each with the page it opens. */
const FEATURES = [
  [
    'Challenges with fair leaderboards',
    'Time, reps, load, rounds + reps and more, ranked the way competitions do it: Rx above Scaled, shared places for ties, tie-breaks that count.',
    '/challenge-discovery-page',
    'Browse challenges',
  ],
  [
    'Create your own challenge',
    'Set the workout, how it scores, divisions and dates; athletes join and the board fills as scores arrive.',
    '/create-challenge-page',
    'Create a challenge',
  ],
  [
    'Personal records that mean something',
    'Log your bests on standard tests and see them scored 0–1000, so a mile time and a back squat can be compared.',
    '/submit-pr-page',
    'Log a record',
  ],
  [
    'Global ranks',
    'See where you stand on every standard test and overall, filtered by sex, age group and gym.',
    '/global-test-leaderboards-page',
    'See global ranks',
  ],
  [
    'Replays and the archive',
    'Watch a closed challenge’s board unfold over time and look up every final standing.',
    '/challenge-archive-page',
    'Open the archive',
  ],
  [
    'Streaks and achievements',
    'Keep your training streak alive and unlock achievements as you go; your dashboard keeps count.',
    '/dashboard-page',
    'Open your dashboard',
  ],
] as const;

export default function HomePage() {
  return (
    <div className="landing">
      <section className="landing-hero">
        <div className="container home-hero-grid">
          <div>
            <h1>Train hard. Score it right. Climb the board.</h1>
            <p className="lead">
              RepForge is where athletes and creators run fitness challenges, submit scores and personal records, and see exactly where they
              stand — on leaderboards that rank every score type fairly.
            </p>
            <p className="landing-actions">
              <Link href="/challenge-discovery-page" className="btn btn-primary">
                Browse challenges
              </Link>
              <Link href="/global-test-leaderboards-page" className="btn btn-secondary">
                See global ranks
              </Link>
            </p>
          </div>
          <AccountSummary />
        </div>
      </section>
      <section className="container landing-section" aria-labelledby="live-title">
        <h2 id="live-title" className="visually-hidden">
          Happening now
        </h2>
        <LivePanels />
      </section>
      <section className="container landing-section" aria-labelledby="features-title">
        <h2 id="features-title">What you can do today</h2>
        <ul className="landing-features">
          {FEATURES.map(([title, text, href, action]) => (
            <li key={title} className="card landing-feature">
              <h3>{title}</h3>
              <p>{text}</p>
              <Link href={href} className="landing-feature-link">
                {action}
              </Link>
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
            <p>Watch your rank move, build streaks and celebrate every new personal record.</p>
          </li>
        </ol>
      </section>
    </div>
  );
}
