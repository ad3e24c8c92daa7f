import { Link } from 'wouter';
import { QueryState } from '#src/components/query-state.tsx';
import { useMySettings } from '../api/settings.ts';
import { NotificationsForm } from '../components/notifications-form.tsx';
import { PreferencesForm } from '../components/preferences-form.tsx';
import { SessionsList } from '../components/sessions-list.tsx';
import { ModerationDecisions } from '../components/moderation-decisions.tsx';
import '../settings.css';

export default function SettingsPage() {
  const settings = useMySettings();
  return (
    <div className="container page settings-page">
      <h1>Settings</h1>
      <p className="lead muted">
        How RepForge looks and measures for you, what it tells you, and where you are signed in. Who sees what is on{' '}
        <Link href="/privacy-settings-page">Privacy settings</Link>; the community timeline on{' '}
        <Link href="/social-settings">Social settings</Link>.
      </p>
      <section className="card settings-card">
        <QueryState query={settings} loading="Loading your settings…">
          {(data) => <PreferencesForm settings={data} />}
        </QueryState>
      </section>
      <section className="card settings-card" id="notifications">
        <QueryState query={settings} loading="Loading your notification choices…">
          {(data) => <NotificationsForm inApp={data.notifications.in_app} email={data.notifications.email} />}
        </QueryState>
      </section>
      <SessionsList />
      <ModerationDecisions />
    </div>
  );
}
