import { INVITATION_AUDIENCE_LABELS, anonymousName, type InvitationAudience } from '#domain/privacy.ts';
import { EnumSelect } from '#src/components/enum-select.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { Switch } from '#src/components/ui/switch.tsx';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { useOwnProfilePrivacy, usePrivacySettings, useUpdatePrivacySettings, type ProfilePrivacy } from '../api/privacy.ts';

const FIELD_LABELS: Record<keyof ProfilePrivacy, string> = {
  sex: 'Sex',
  birth_year: 'Birth year and age group',
  bodyweight: 'Bodyweight',
  gym: 'Gym',
  bio: 'Bio',
  records: 'Personal records',
};

/** Who sees each profile field: shown here, changed beside each field on the profile. */
export function ProfileFieldsPanel() {
  const privacy = useOwnProfilePrivacy();
  return (
    <Card title="Who sees your profile" titleAs="h2" actions={<AppLink href="/athlete-profile-page">Change on your profile</AppLink>}>
      <p>Your display name is always public. For each other field you choose whether everyone sees it or only you.</p>
      <QueryState query={privacy} loading="Loading your profile choices…">
        {(choices) => (
          <dl className="privacy-fields">
            {(Object.keys(FIELD_LABELS) as (keyof ProfilePrivacy)[]).map((field) => (
              <div key={field}>
                <dt>{FIELD_LABELS[field]}</dt>
                <dd>{choices[field] === 'public' ? 'Everyone' : 'Only me'}</dd>
              </div>
            ))}
          </dl>
        )}
      </QueryState>
    </Card>
  );
}

/** Anonymity on boards and who may invite the athlete; each change is saved at once. */
export function PrivacyChoicesPanel() {
  const settings = usePrivacySettings();
  const update = useUpdatePrivacySettings();
  const { user } = useSessionView();
  return (
    <>
      <Card title="Leaderboards" titleAs="h2">
        <QueryState query={settings} loading="Loading your choices…">
          {(s) => (
            <div className="privacy-section-body">
              <Switch
                label="Appear anonymously on leaderboards"
                checked={s.board_anonymous}
                disabled={update.isPending}
                onChange={(board_anonymous) => update.mutate({ board_anonymous })}
              />
              <p className="muted">
                Others see you as “{anonymousName(user?.wp_user_id ?? 0)}” on every board, with your place and score. You still see your own
                name.
              </p>
            </div>
          )}
        </QueryState>
      </Card>
      <Card title="Invitations" titleAs="h2">
        <QueryState query={settings} loading="Loading your choices…">
          {(s) => (
            <EnumSelect<InvitationAudience>
              id="privacy-invitations"
              label="Who may invite me to teams"
              options={INVITATION_AUDIENCE_LABELS}
              value={s.invitations}
              disabled={update.isPending}
              onChange={(invitations) => update.mutate({ invitations })}
            />
          )}
        </QueryState>
        {update.error ? (
          <p className="error-text" role="alert">
            {update.error.message}
          </p>
        ) : null}
      </Card>
    </>
  );
}
