import { useId, useRef, type ChangeEvent, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { GYM_CITY_MAX, GYM_NAME_MAX, GYM_WEBSITE_MAX } from '#domain/gyms.ts';
import { gymAddMachine, type GymAddField } from '#machines/gym-add.ts';
import { useFlow } from '../lib/flow/use-flow.ts';
import { addGym, type GymSummary } from '../api/gyms.ts';
import { Button } from './ui/button.tsx';
import { DialogActions } from './dialog-actions.tsx';
import { TextInput } from './ui/text-field.tsx';

/** "Add a new gym" from the gym picker: name, city, country and website; a near-duplicate offers the listed gym instead. */
export default function GymAddDialog({
  name: initialName,
  onClose,
  onPicked,
}: {
  name: string;
  onClose: () => void;
  onPicked: (gym: GymSummary) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  // The actor is made once; it calls the latest onPicked the picker passed.
  const latestOnPicked = useRef(onPicked);
  latestOnPicked.current = onPicked;
  const flow = useFlow(
    gymAddMachine.provide({
      actors: { addGym: fromPromise(({ input }) => addGym(input)) },
      actions: {
        picked: (_, { gym, added }) => {
          if (added) void queryClient.invalidateQueries({ queryKey: ['get', '/api/gyms'] });
          // The chart hands back the gym the server answered with: a full summary.
          latestOnPicked.current(gym as GymSummary);
        },
      },
    }),
    { input: { name: initialName } },
  );
  const { name, city, country, website } = useSelector(flow, (s) => s.context.fields);
  const errors = useSelector(flow, (s) => s.context.errors);
  const existing = useSelector(flow, (s) => s.context.existing);
  const saving = useSelector(flow, (s) => s.hasTag('busy'));
  const edit = (field: GymAddField) => (e: ChangeEvent<HTMLInputElement>) => flow.send({ type: 'gym.edit', field, value: e.target.value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // React carries events through the portal: the form the picker sits in must not submit too.
    e.stopPropagation();
    flow.send({ type: 'gym.submit' });
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content">
          <form onSubmit={submit} noValidate aria-describedby={`${id}-desc`}>
            <Dialog.Title className="dialog-title">Add a new gym</Dialog.Title>
            <Dialog.Description id={`${id}-desc`} className="muted">
              Other athletes can pick it too. An editor verifies it later.
            </Dialog.Description>
            <TextInput label="Gym name" value={name} maxLength={GYM_NAME_MAX} error={errors.name} onChange={edit('name')} />
            <TextInput label="City (optional)" value={city} maxLength={GYM_CITY_MAX} onChange={edit('city')} />
            <TextInput
              label="Country code (optional)"
              hint="Two letters, such as DE or US."
              value={country}
              maxLength={2}
              error={errors.country}
              onChange={edit('country')}
            />
            <TextInput
              label="Website (optional)"
              type="url"
              value={website}
              maxLength={GYM_WEBSITE_MAX}
              error={errors.website}
              onChange={edit('website')}
            />
            <DialogActions error={errors.form}>
              {existing ? (
                <Button variant="primary" onClick={() => flow.send({ type: 'gym.useExisting' })}>
                  Use {existing.name}
                </Button>
              ) : (
                <Button type="submit" variant="primary" loading={saving}>
                  Add gym
                </Button>
              )}
            </DialogActions>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
