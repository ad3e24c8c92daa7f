import { useId, useState, type FormEvent } from 'react';
import { FormFooter } from '#src/components/form-footer.tsx';
import { Switch } from '#src/components/ui/switch.tsx';
import { toast } from '#src/lib/toast.ts';
import { useUpdateMySettings, type TimelineSettings } from '../api/settings.ts';

const KINDS: { kind: keyof TimelineSettings; label: string; hint: string }[] = [
  { kind: 'personal_record', label: 'New personal records', hint: 'When a reviewer approves a new best of yours.' },
  { kind: 'challenge_joined', label: 'Challenges I join', hint: 'When you join a public challenge.' },
  { kind: 'final_place', label: 'My final places', hint: 'When a public challenge you took part in closes.' },
];

/** Which of the athlete's events go on the community timeline, saved together. */
export function TimelineForm({ timeline }: { timeline: TimelineSettings }) {
  const id = useId();
  const save = useUpdateMySettings();
  const [choice, setChoice] = useState<TimelineSettings>(timeline);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ timeline: choice }, { onSuccess: () => toast({ title: 'Timeline choices saved.', variant: 'success' }) });
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <fieldset className="settings-switches">
        <legend>Post to the community timeline</legend>
        {KINDS.map(({ kind, label, hint }) => (
          <div key={kind}>
            <Switch
              label={label}
              checked={choice[kind]}
              onChange={(on) => setChoice((c) => ({ ...c, [kind]: on }))}
              describedBy={`${id}-${kind}-hint`}
            />
            <p id={`${id}-${kind}-hint`} className="hint">
              {hint}
            </p>
          </div>
        ))}
      </fieldset>
      <p className="hint">
        Turning a kind off stops new posts of it, on your profile’s timeline and on the community site. Earlier posts stay.
      </p>
      <FormFooter submitLabel="Save timeline choices" pending={save.isPending} error={save.error?.message ?? null} />
    </form>
  );
}
