import type { components } from '#openapi/schema.d.ts';

export type NetworkChange = components['schemas']['NetworkChange'];

/** What each edited field is called in a sentence (the audit records fields by their column names). */
const FIELD_WORDS: Record<string, string> = {
  region: 'country or region',
  description: 'description',
  federationId: 'federation',
  seasonName: 'season name',
  seasonStartsOn: 'season start',
  seasonEndsOn: 'season end',
};

const quoted = (s: string) => `“${s}”`;

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function updateSentence(kind: string, name: string, detail: NetworkChange['detail']): string {
  const fields = Object.keys(detail);
  const rename = typeof detail.name === 'string' ? detail.name.split(' → ') : null;
  const others = fields.filter((f) => f !== 'name').map((f) => FIELD_WORDS[f] ?? f);
  const edited = others.length > 0 ? `${list(others)} changed` : '';
  if (rename && rename.length === 2) {
    const head = `${kind} ${quoted(rename[0]!)} renamed ${quoted(rename[1]!)}`;
    return edited ? `${head}; ${edited}` : head;
  }
  if (!edited) return `${kind} ${quoted(name)} saved with no change`;
  return `${kind} ${quoted(name)}: ${edited}`;
}

/** One readable sentence per audited change of the sports network ("Gym “X” added to league “Y”"). */
export function describeNetworkChange(c: NetworkChange): string {
  const kind = c.subject === 'league' ? 'League' : 'Federation';
  const name = c.subject_name;
  const gym = c.gym_name ? `Gym ${quoted(c.gym_name)}` : 'A gym no longer listed';
  const event = c.event_name ? `Event ${quoted(c.event_name)}` : 'An event since deleted';
  switch (c.action) {
    case 'create':
      return `${kind} ${quoted(name)} created`;
    case 'update':
      return updateSentence(kind, name, c.detail);
    case 'delete': {
      const left = Number(c.detail.leagues_left ?? 0);
      const tail = left > 0 ? ` (${left === 1 ? 'its league is' : `its ${left} leagues are`} left without a federation)` : '';
      return `${kind} ${quoted(name)} deleted${tail}`;
    }
    case 'add_gym':
      return `${gym} added to league ${quoted(name)}`;
    case 'remove_gym':
      return `${gym} removed from league ${quoted(name)}`;
    case 'add_event':
      return `${event} added to league ${quoted(name)}`;
    case 'remove_event':
      return `${event} removed from league ${quoted(name)}`;
  }
}
