import { useState } from 'react';
import { GymPicker } from '#src/components/gym-picker.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { toast } from '#src/lib/toast.ts';
import { useMergeGym, type GymManageRow, type GymSummary } from '../api/gyms.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { DialogActions } from '#src/components/dialog-actions.tsx';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Merge one gym into another: pick the gym that stays, read what moves, confirm. */
export function MergeGymDialog({ gym, onClose }: { gym: GymManageRow; onClose: () => void }) {
  const [into, setInto] = useState<GymSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const merge = useMergeGym();
  const same = into?.id === gym.id;
  const confirm = () => {
    if (!into || same) return;
    setError(null);
    merge.mutate(
      { gymId: gym.id, intoGymId: into.id },
      {
        onSuccess: (done) => {
          toast({
            title: `Merged ${gym.name} into ${done.gym.name}: ${plural(done.athletes_moved, 'athlete')} and ${plural(done.teams_moved, 'team')} moved.`,
            variant: 'success',
          });
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <DialogFrame
      title={<>Merge {gym.name}</>}
      description={
        <>
          Pick the gym that stays. {gym.name}’s {plural(gym.athlete_count, 'athlete')} and {plural(gym.team_count, 'team')} move to it, and{' '}
          {gym.name} is removed. This cannot be undone.
        </>
      }
      onClose={onClose}
    >
      <GymPicker
        label="Merge into"
        value={into ? { id: into.id, name: into.name } : null}
        onChange={setInto}
        error={same ? 'Pick a different gym from the one being merged.' : undefined}
      />
      <DialogActions error={error}>
        <Button variant="danger" disabled={!into || same} loading={merge.isPending} onClick={confirm}>
          {into && !same ? `Merge into ${into.name}` : 'Merge'}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
