import { useState, type FormEvent } from 'react';
import { FormFooter } from '#src/components/form-footer.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { TextArea, TextInput } from '#src/components/ui/text-field.tsx';
import { toast } from '#src/lib/toast.ts';
import { NETWORK_DESCRIPTION_MAX, NETWORK_NAME_LENGTH, SEASON_NAME_LENGTH } from '#domain/sports-network.ts';
import { useFederations, useSaveLeague, type League, type LeagueDetail } from '../api/sports-network.ts';
import { DialogFrame } from './dialog-frame.tsx';

const thisYear = () => new Date().getFullYear();

/** Add a league, or change one: name, federation, season and description. */
export function LeagueDialog({
  league,
  onClose,
  onSaved,
}: {
  league: League | null;
  onClose: () => void;
  onSaved?: (d: LeagueDetail) => void;
}) {
  const federations = useFederations();
  const [name, setName] = useState(league?.name ?? '');
  const [federationId, setFederationId] = useState<string | null>(league?.federation ? String(league.federation.id) : null);
  const [seasonName, setSeasonName] = useState(league?.season_name ?? String(thisYear()));
  const [startsOn, setStartsOn] = useState(league?.season_starts_on ?? `${thisYear()}-01-01`);
  const [endsOn, setEndsOn] = useState(league?.season_ends_on ?? `${thisYear()}-12-31`);
  const [description, setDescription] = useState(league?.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveLeague();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      {
        id: league?.id,
        body: {
          name,
          federation_id: federationId === null ? null : Number(federationId),
          season_name: seasonName,
          season_starts_on: startsOn,
          season_ends_on: endsOn,
          description,
        },
      },
      {
        onSuccess: (saved) => {
          toast({ title: `${saved.league.name} is saved.`, variant: 'success' });
          onSaved?.(saved);
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <DialogFrame title={<>{league ? `Edit ${league.name}` : 'Add a league'}</>} onClose={onClose}>
      <form className="network-form" onSubmit={submit}>
        <TextInput
          label="Name"
          required
          minLength={NETWORK_NAME_LENGTH.min}
          maxLength={NETWORK_NAME_LENGTH.max}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Select<string>
          id="league-federation"
          label="Federation"
          noneLabel="No federation"
          options={(federations.data?.items ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
          value={federationId}
          onChange={setFederationId}
          hint={federations.isError ? 'The federations could not be loaded.' : undefined}
        />
        <TextInput
          label="Season"
          hint="For example 2025, or Spring 2025."
          required
          maxLength={SEASON_NAME_LENGTH.max}
          value={seasonName}
          onChange={(e) => setSeasonName(e.target.value)}
        />
        <div className="network-dates">
          <TextInput label="Season starts on" type="date" required value={startsOn} onChange={(e) => setStartsOn(e.target.value)} />
          <TextInput label="Season ends on" type="date" required value={endsOn} onChange={(e) => setEndsOn(e.target.value)} />
        </div>
        <TextArea
          label="Description"
          rows={3}
          maxLength={NETWORK_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <FormFooter
          submitLabel={league ? 'Save league' : 'Add league'}
          pending={save.isPending}
          error={error}
          cancel={{ onClick: onClose }}
        />
      </form>
    </DialogFrame>
  );
}
