import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DataExport } from '#src/features/privacy/api/privacy.ts';

const requestExport = vi.fn();
const state: { exports: DataExport[]; next_export_at: string } = { exports: [], next_export_at: new Date().toISOString() };

// The panel as the athlete sees it, with what the server answered provided (no session, no network).
vi.mock('#src/features/privacy/api/privacy.ts', () => ({
  useDataExports: () => ({ status: 'success', isPending: false, isError: false, isSuccess: true, data: state, error: null }),
  useRequestDataExport: () => ({ mutate: requestExport, isPending: false, error: null }),
}));

const { DataExportPanel } = await import('#src/features/privacy/components/data-export-panel.tsx');

const failedExport: DataExport = {
  id: 7,
  status: 'failed',
  progress: 40,
  requested_at: new Date(Date.now() - 3_600_000).toISOString(),
  completed_at: null,
  expires_at: null,
  size_bytes: null,
  download_url: null,
};

describe('the data export panel', () => {
  it('says in plain words that an export could not be finished, and lets the athlete ask again', async () => {
    state.exports = [failedExport];
    // A failed export does not count: the server says the next one may be asked for now.
    state.next_export_at = new Date().toISOString();
    const user = userEvent.setup({ delay: null });
    render(<DataExportPanel />);
    const row = within(screen.getByRole('list', { name: 'Your data exports' })).getByRole('listitem');
    expect(row.textContent).toContain('Could not be finished');
    expect(row.textContent).toContain('does not count as today’s export');
    expect(within(row).queryByRole('progressbar')).toBeNull();
    const ask = screen.getByRole('button', { name: 'Request my data' });
    expect(ask).toHaveProperty('disabled', false);
    await user.click(ask);
    expect(requestExport).toHaveBeenCalledTimes(1);
  });
});
