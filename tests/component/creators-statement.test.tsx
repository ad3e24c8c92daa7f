import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

let answer: () => Promise<void> = async () => {};
const downloadStatement = vi.fn((month: string) => {
  void month;
  return answer();
});
vi.mock('#src/features/creators/api/creators.ts', () => ({ downloadStatement: (month: string) => downloadStatement(month) }));

const { StatementDownload } = await import('#src/features/creators/components/statement-download.tsx');

describe('the monthly statement download', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-03T12:00:00Z'));
  });
  afterAll(() => vi.useRealTimers());
  beforeEach(() => {
    downloadStatement.mockClear();
    answer = async () => {};
  });

  const month = () => screen.getByLabelText('Statement month') as HTMLInputElement;
  const button = () => screen.getByRole('button', { name: /Download statement \(CSV\)/ });

  it('offers this month, labelled, and downloads the month picked', async () => {
    const user = userEvent.setup();
    render(<StatementDownload />);
    expect(month().value).toBe('2026-12');
    expect(month().type).toBe('month');
    expect(month().max).toBe('2026-12');
    expect(screen.getByRole('form', { name: 'Monthly statement' })).toBeTruthy();
    await user.click(button());
    expect(downloadStatement).toHaveBeenLastCalledWith('2026-12');
    // (A month control takes a whole value at once, as a browser's month picker gives it.)
    fireEvent.change(month(), { target: { value: '2026-11' } });
    month().focus();
    await user.keyboard('{Enter}');
    expect(downloadStatement).toHaveBeenLastCalledWith('2026-11');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what is wrong with a missing month and asks nothing of the server', async () => {
    const user = userEvent.setup();
    render(<StatementDownload />);
    fireEvent.change(month(), { target: { value: '' } });
    await user.click(button());
    expect(screen.getByText(/written YYYY-MM/)).toBeTruthy();
    expect(month().getAttribute('aria-invalid')).toBe('true');
    // Choosing a month again clears the problem.
    fireEvent.change(month(), { target: { value: '2026-10' } });
    expect(screen.queryByText(/written YYYY-MM/)).toBeNull();
    expect(downloadStatement).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and is busy while the file comes', async () => {
    let fail: (e: Error) => void = () => {};
    answer = () => new Promise<void>((_, reject) => (fail = reject));
    const user = userEvent.setup();
    render(<StatementDownload />);
    await user.click(button());
    expect(button().getAttribute('aria-busy')).toBe('true');
    fail(new Error('Could not download the statement.'));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Could not download the statement.');
    expect(button().getAttribute('aria-busy')).toBeNull();
  });
});
