import { useRef } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { feedbackMachine, type FeedbackPayload } from '#machines/feedback.ts';
import FeedbackDialog from '#src/features/feedback/components/feedback-dialog.tsx';
import { useFlow } from '#src/lib/flow/use-flow.ts';

/** The dialog as the app's feedback host shows it, with the chart's submit actor and notices provided. */
function renderFeedback() {
  const sent: FeedbackPayload[] = [];
  const notifySubmitted = vi.fn();
  function Host() {
    const opener = useRef<HTMLButtonElement>(null);
    const actor = useFlow(
      feedbackMachine.provide({
        actors: { submitFeedback: fromPromise<unknown, FeedbackPayload>(async ({ input }) => void sent.push(input)) },
        actions: { notifySubmitted },
      }),
    );
    const open = useSelector(actor, (s) => !s.matches('closed'));
    return (
      <>
        <button
          ref={opener}
          type="button"
          onClick={() =>
            actor.send({
              type: 'feedback.open',
              page_url: 'https://fit.example/challenge-discovery-page',
              browser_info: 'Test browser 1.0',
            })
          }
        >
          Feedback
        </button>
        {open && <FeedbackDialog actor={actor} returnFocusTo={opener} />}
      </>
    );
  }
  render(<Host />);
  return { sent, notifySubmitted };
}

describe('the feedback dialog', () => {
  it('opens with the page and browser filled in, and no steps to reproduce for general feedback', async () => {
    const user = userEvent.setup({ delay: null });
    renderFeedback();
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
    expect(within(dialog).getByRole('combobox', { name: 'Type' }).textContent).toContain('General feedback');
    expect(within(dialog).getByLabelText('Page address')).toHaveProperty('value', 'https://fit.example/challenge-discovery-page');
    expect(within(dialog).getByLabelText('Browser')).toHaveProperty('readOnly', true);
    expect(within(dialog).queryByLabelText('Steps to reproduce')).toBeNull();
  });

  it('refuses to send without a subject and description, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent } = renderFeedback();
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please fill in subject and description');
    expect(
      within(dialog)
        .getByLabelText(/^Subject/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(
      within(dialog)
        .getByLabelText(/^Description/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    // Typing clears the complaint.
    await user.type(within(dialog).getByLabelText(/^Subject/), 'Ties');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('a bug report asks for steps, counts what is left of them, and sends them trimmed; the dialog then thanks and closes', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, notifySubmitted } = renderFeedback();
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Bug report' }, { timeout: 5_000 }));
    const fill = async (label: string | RegExp, text: string) => {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(text);
    };
    await fill(/^Subject/, '  Leaderboard ties look wrong ');
    await fill(/^Description/, 'Two athletes with the same score get different places.');
    const steps = '1. Open a leaderboard\n2. Look at rows 2 and 3';
    await fill('Steps to reproduce', steps);
    expect(within(dialog).getByText(`${1000 - steps.length} characters left`)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await within(dialog).findByText('Thank you! Your feedback has been submitted successfully.')).toBeTruthy();
    expect(sent).toEqual([
      {
        type: 'bug_report',
        subject: 'Leaderboard ties look wrong',
        description: 'Two athletes with the same score get different places.',
        steps_to_reproduce: steps,
        page_url: 'https://fit.example/challenge-discovery-page',
        browser_info: 'Test browser 1.0',
      },
    ]);
    expect(notifySubmitted).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4_000 });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Feedback' }));
  }, 20_000);
});
