/** Eight hues that each keep white initials above 4.5:1, picked by the athlete's id so a person keeps theirs. */
const HUES = 8;

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** The athlete's initials in a coloured disc beside their name on a board (a picture once profiles have one). */
export function AthleteInitials({ id, name }: { id: number; name: string }) {
  return (
    // Drawn from data-initials by CSS: a picture, not text, so the row reads (and copies) as "1 Mateo Silva 2:47".
    <span className="board-avatar" data-hue={Math.abs(id) % HUES} data-initials={initials(name)} aria-hidden="true" />
  );
}
