import { Link, useSearch } from 'wouter';
import { numberFromSearch } from '../api/profile.ts';
import { RecordForm } from '../components/record-form.tsx';
import '../athletes.css';

export default function SubmitPrPage() {
  const initialTestId = numberFromSearch(useSearch(), 'test');
  return (
    <div className="container page ath-page ath-narrow">
      <h1>Submit a Personal Record</h1>
      <p className="lead muted">
        Pick the test, enter your result and the day you did it. A reviewer checks it; once approved it counts toward your bests and your
        global rank. <Link href="/personal-records-dashboard">Your personal records</Link>
      </p>
      <RecordForm initialTestId={initialTestId} />
    </div>
  );
}
