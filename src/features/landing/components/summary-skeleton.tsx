// The summary card's loading lines: while the session restores and while a signed-in summary loads.

export function SummarySkeleton() {
  return (
    <div role="status" aria-label="Loading your summary">
      {[0, 1, 2].map((i) => (
        <p key={i} className="home-summary-line" aria-hidden="true">
          <span className="home-skeleton-bar" />
        </p>
      ))}
    </div>
  );
}
