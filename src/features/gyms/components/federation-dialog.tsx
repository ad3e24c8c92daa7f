import { useState, type FormEvent } from 'react';
import { FormFooter } from '#src/components/form-footer.tsx';
import { TextArea, TextInput } from '#src/components/ui/text-field.tsx';
import { toast } from '#src/lib/toast.ts';
import { NETWORK_DESCRIPTION_MAX, NETWORK_NAME_LENGTH, REGION_MAX } from '#domain/sports-network.ts';
import { useSaveFederation, type Federation } from '../api/sports-network.ts';
import { DialogFrame } from './dialog-frame.tsx';

/** Add a federation, or change one. */
export function FederationDialog({ federation, onClose }: { federation: Federation | null; onClose: () => void }) {
  const [name, setName] = useState(federation?.name ?? '');
  const [region, setRegion] = useState(federation?.region ?? '');
  const [description, setDescription] = useState(federation?.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveFederation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { id: federation?.id, body: { name, region, description } },
      {
        onSuccess: (saved) => {
          toast({ title: `${saved.name} is saved.`, variant: 'success' });
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  const title = federation ? `Edit ${federation.name}` : 'Add a federation';
  return (
    <DialogFrame title={title} onClose={onClose}>
      <form className="network-form" onSubmit={submit}>
        <TextInput
          label="Name"
          required
          minLength={NETWORK_NAME_LENGTH.min}
          maxLength={NETWORK_NAME_LENGTH.max}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextInput
          label="Country or region"
          hint="For example Germany, or Nordics."
          maxLength={REGION_MAX}
          value={region}
          onChange={(e) => setRegion(e.target.value)}
        />
        <TextArea
          label="Description"
          rows={3}
          maxLength={NETWORK_DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <FormFooter
          submitLabel={federation ? 'Save federation' : 'Add federation'}
          pending={save.isPending}
          error={error}
          cancel={{ onClick: onClose }}
        />
      </form>
    </DialogFrame>
  );
}
