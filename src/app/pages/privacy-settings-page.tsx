import PrivacySettingsPage from '../../features/privacy/pages/privacy-settings-page.tsx';

/** The privacy settings page; the legal area's consent history goes in as children once it exists. */
export default function PrivacySettings() {
  return <PrivacySettingsPage />;
}
