import PrivacySettingsPage from '#src/features/privacy/pages/privacy-settings-page.tsx';
import { ConsentHistory } from '#src/features/legal/components/consent-history.tsx';
import { Card } from '#src/components/ui/card.tsx';

/** The privacy settings page composes the privacy area with the legal area's consent history. */
export default function PrivacySettings() {
  return (
    <PrivacySettingsPage>
      <Card title="Consent history" titleAs="h2">
        <p className="muted">The versions of the terms and the privacy policy you accepted, and when.</p>
        <ConsentHistory />
      </Card>
    </PrivacySettingsPage>
  );
}
