import { TEST_PROVIDER_NOTICE } from '#domain/creators.ts';

/** Shown on every payment screen while the local test provider takes payments. */
export function TestModeNotice({ provider }: { provider: 'local' | 'stripe' }) {
  if (provider !== 'local') return null;
  return (
    <p className="creators-test-mode card" role="note">
      <strong>Test mode:</strong> {TEST_PROVIDER_NOTICE.replace(/^Test mode: /, '')}
    </p>
  );
}
