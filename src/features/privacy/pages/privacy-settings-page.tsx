import type { ReactNode } from 'react';
import { AccountDeletionPanel } from '../components/account-deletion-panel.tsx';
import { DataExportPanel } from '../components/data-export-panel.tsx';
import { PrivacyChoicesPanel, ProfileFieldsPanel } from '../components/privacy-choices-panel.tsx';
import '../privacy.css';

/**
 * The privacy settings page. `children` is the consent history (from the legal area),
 * composed in by src/app/pages/privacy-settings-page.tsx; it sits in its own section.
 */
export default function PrivacySettingsPage({ children }: { children?: ReactNode }) {
  return (
    <div className="container page privacy-page">
      <div className="page-head">
        <div>
          <h1>Privacy settings</h1>
          <p className="lead muted">Who sees what about you, a copy of your data, and deleting your account.</p>
        </div>
      </div>
      <section aria-label="Profile">
        <ProfileFieldsPanel />
      </section>
      <section aria-label="Leaderboards and invitations" className="privacy-section-body">
        <PrivacyChoicesPanel />
      </section>
      {children ? (
        <section aria-label="Consent history" className="privacy-consent-slot">
          {children}
        </section>
      ) : null}
      <section aria-label="Your data">
        <DataExportPanel />
      </section>
      <section aria-label="Account deletion">
        <AccountDeletionPanel />
      </section>
    </div>
  );
}
