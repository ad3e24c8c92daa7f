import { Link } from 'wouter';

export function NotFoundPage() {
  return (
    <div className="container page not-found">
      <h1>Page not found</h1>
      <p className="lead muted">We could not find that page. It may have moved, or the address may be mistyped.</p>
      <p>
        <Link href="/" className="btn btn-primary">
          Go to the home page
        </Link>{' '}
        <Link href="/challenge-discovery-page" className="btn btn-secondary">
          Browse challenges
        </Link>
      </p>
    </div>
  );
}
