import { Link } from 'wouter';
import { gymHref } from '../lib/links.ts';

/** An athlete's gym as a board shows it: a link to its page when it is a listed gym, else its name; `empty` when none is shown. */
export function GymName({ gym, gymId, empty = null }: { gym: string | null; gymId: number | null; empty?: React.ReactNode }) {
  if (!gym) return <>{empty}</>;
  return gymId === null ? <>{gym}</> : <Link href={gymHref(gymId)}>{gym}</Link>;
}
