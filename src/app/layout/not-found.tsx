// The pages that refuse an address: none the route table knows, or an administrator's page for someone else. One chunk,
// loaded when one of them shows (router.tsx, route-guard.tsx), not with every first load.
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

export function NotAllowedPage() {
  return (
    <div className="container page">
      <h1>Not allowed</h1>
      <p className="lead muted">This page is for administrators and editors. If you think you should have access, ask an administrator.</p>
      <p>
        <Link href="/dashboard-page" className="btn btn-primary">
          Go to your dashboard
        </Link>
      </p>
    </div>
  );
}
