import { useId, useState, type FormEvent } from 'react';
import { FormFooter } from '#src/components/form-footer.tsx';
import { Switch } from '#src/components/ui/switch.tsx';
import { CellLabel, Table } from '#src/components/ui/table.tsx';
import { toast } from '#src/lib/toast.ts';
import { EMAIL_KINDS, NOTIFICATION_KINDS, type InAppKind } from '#domain/notifications.ts';
import { useUpdateMySettings, type EmailNotifications, type InAppNotifications } from '../api/settings.ts';

const IN_APP: { kind: InAppKind; label: string; hint: string }[] = [
  { kind: 'achievement_unlocked', label: 'Achievement popups', hint: 'When you unlock an achievement, such as with your first score.' },
  { kind: 'milestone_reached', label: 'Streak milestone popups', hint: 'When a streak of yours reaches a milestone.' },
  { kind: 'personal_record', label: 'Personal record celebrations', hint: 'When a reviewer approves a new best of yours.' },
  { kind: 'popup_sound', label: 'Popup sound', hint: 'A short tone plays with each popup.' },
];

/** The mail that always goes out, each about the account's security or something its owner asked for. */
const MAIL: { label: string; why: string }[] = [
  { label: 'Sign-in codes', why: 'You need the code to sign in.' },
  { label: 'Password reset links', why: 'Sent only when you ask for one.' },
  { label: 'Sign-in code entered wrongly too often', why: 'Warns you that someone may be trying to get into your account.' },
  { label: 'Someone tried to sign up with your address', why: 'Tells you your address was used, so you can act.' },
  { label: 'Account deletion codes and notices', why: 'About your own request to delete your account.' },
  { label: 'Your data export is ready', why: 'The link to the export you asked for.' },
];

/** Which popups show in the app and which inbox notifications also come by mail (saved together), beside the mail that always goes out. */
export function NotificationsForm({ inApp, email }: { inApp: InAppNotifications; email: EmailNotifications }) {
  const id = useId();
  const save = useUpdateMySettings();
  const [choice, setChoice] = useState<InAppNotifications>(inApp);
  const [mailChoice, setMailChoice] = useState<EmailNotifications>(email);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { notifications: { in_app: choice, email: mailChoice } },
      { onSuccess: () => toast({ title: 'Notification choices saved.', variant: 'success' }) },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Notifications</h2>
      <p className="hint">
        Achievements are unlocked and listed on your dashboard either way; turning a popup off only keeps it from showing. Team, score and
        moderation news always lands in your inbox (the bell); choose which of it also comes by mail.
      </p>
      <Table label="Notifications by kind" className="settings-notifications" stackOnPhone>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">In the app</th>
            <th scope="col">By mail</th>
          </tr>
        </thead>
        <tbody>
          {IN_APP.map(({ kind, label, hint }) => (
            <tr key={kind}>
              <th scope="row">
                <span className="settings-kind">{label}</span>
                <span id={`${id}-${kind}-hint`} className="hint">
                  {hint}
                </span>
              </th>
              <td>
                <CellLabel>In the app</CellLabel>
                <Switch
                  label={<span className="visually-hidden">{label} in the app</span>}
                  checked={choice[kind]}
                  onChange={(on) => setChoice((c) => ({ ...c, [kind]: on }))}
                  describedBy={`${id}-${kind}-hint`}
                />
              </td>
              <td className="muted">
                <CellLabel>By mail</CellLabel>
                No mail
              </td>
            </tr>
          ))}
          {EMAIL_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">
                <span className="settings-kind">{NOTIFICATION_KINDS[kind].label}</span>
                <span id={`${id}-${kind}-hint`} className="hint">
                  {NOTIFICATION_KINDS[kind].hint}
                </span>
              </th>
              <td className="muted">
                <CellLabel>In the app</CellLabel>
                In your inbox
              </td>
              <td>
                <CellLabel>By mail</CellLabel>
                <Switch
                  label={<span className="visually-hidden">{NOTIFICATION_KINDS[kind].label} by mail</span>}
                  checked={mailChoice[kind]}
                  onChange={(on) => setMailChoice((c) => ({ ...c, [kind]: on }))}
                  describedBy={`${id}-${kind}-hint`}
                />
              </td>
            </tr>
          ))}
          {MAIL.map(({ label, why }, i) => (
            <tr key={label}>
              <th scope="row">
                <span className="settings-kind">{label}</span>
                <span id={`${id}-mail-${i}`} className="hint">
                  Always on: {why}
                </span>
              </th>
              <td className="muted">
                <CellLabel>In the app</CellLabel>
                No popup
              </td>
              <td>
                <CellLabel>By mail</CellLabel>
                <Switch
                  label={<span className="visually-hidden">{label} by mail (always on)</span>}
                  checked
                  disabled
                  onChange={() => undefined}
                  describedBy={`${id}-mail-${i}`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <FormFooter submitLabel="Save notification choices" pending={save.isPending} error={save.error?.message ?? null} />
    </form>
  );
}
