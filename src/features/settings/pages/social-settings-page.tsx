import { Link } from 'wouter';
import { QueryState } from '#src/components/query-state.tsx';
import { useMySettings } from '../api/settings.ts';
import { TimelineForm } from '../components/timeline-form.tsx';
import '../settings.css';

export default function SocialSettingsPage() {
  const settings = useMySettings();
  return (
    <div className="container page settings-page">
      <h1>Social Settings</h1>
      <p className="lead muted">
        What RepForge shares on the community timeline for you. Other settings are on <Link href="/settings">Settings</Link>.
      </p>
      <QueryState query={settings} loading="Loading your social settings…">
        {(data) => (
          <>
            <section className="card settings-card" aria-labelledby="social-timeline">
              <h2 id="social-timeline">Community timeline</h2>
              <TimelineForm timeline={data.timeline} />
            </section>
            <section className="card settings-card" aria-labelledby="social-account">
              <h2 id="social-account">Community account</h2>
              <dl className="settings-facts">
                <dt>Account</dt>
                <dd>
                  {data.community.display_name} (member #{data.community.account_id})
                </dd>
                <dt>Community site</dt>
                <dd>{data.community.site_url ?? 'None is connected to this RepForge yet.'}</dd>
              </dl>
              <p className="hint">
                Your community account is this RepForge account: the community site signs you in with it through a one-time link, and there
                is no separate account to link or unlink. To keep your activity off the community site, turn the timeline kinds above off.
              </p>
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
