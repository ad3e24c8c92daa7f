import { Link } from 'wouter';
import { runtimeConfig } from '#src/lib/runtime-config.ts';
import { openFeedback } from '#src/lib/feedback-launcher.ts';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-row">
        <p className="muted">© {new Date().getFullYear()} RepForge</p>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link href="/terms-of-service-page">Terms</Link>
            </li>
            <li>
              <Link href="/privacy-policy-page">Privacy</Link>
            </li>
            <li>
              <button type="button" className="link-button" onClick={(e) => openFeedback(e.currentTarget)}>
                Feedback
              </button>
            </li>
            <li>
              <a href={runtimeConfig.storeUrl} target="_blank" rel="noopener noreferrer">
                Store<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
