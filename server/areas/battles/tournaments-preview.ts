import type { AppContext } from '#server/context.ts';
import { ordinal, projectTournament, type CutRule, type StageSpec } from '#domain/battles/index.ts';
import { loadBattle } from './battles.ts';
import { presentBracket } from './bracket-view.ts';
import { getTournament, stageOneField } from './tournaments.ts';

// The tournament preview: the whole structure with its dates, each stage's field projected round by round (if
// everyone scores), stage 1's entrants in their projected seeding (entry order: the engine ranks those who have not
// scored by entry), and each later stage's seed slots, filled with the athletes once the stage before has advanced.
// A bracket stage also shows its bracket: projected from the projected seeds until it is drawn, then as it stands.

const FIELD_LIMIT = 100;

export async function tournamentPreview(ctx: AppContext, id: number) {
  const view = await getTournament(ctx, id, null);
  const specs: StageSpec[] = view.stages.map((s) => {
    const first = s.rounds[0]!;
    return {
      name: s.name,
      format: s.format,
      startsAt: Date.parse(s.starts_at),
      roundHours: Math.round((Date.parse(first.closes_at) - Date.parse(first.opens_at)) / 3_600_000),
      cuts: s.format === 'bracket' ? [] : s.rounds.map((r) => r.cut as CutRule),
      advance: s.advance,
    };
  });
  const projection = projectTournament(specs, view.entered);
  const db = ctx.database.db;
  const field = await stageOneField(db, view.stages[0]!.battle_id, FIELD_LIMIT);
  const brackets = await Promise.all(
    projection.map(async (p, i) => {
      const stage = view.stages[i]!;
      if (stage.format !== 'bracket') return null;
      const seeds = stage.seeds.map((x) => ({ seed: x.seed, user_id: x.user_id, display_name: x.display_name }));
      // Projected from the projected seeds; with nobody entered yet, from the seed slots the stage before fills.
      const planned = p.field > 0 ? p.field : (view.stages[i - 1]?.advance ?? 0);
      return presentBracket(db, await loadBattle(db, stage.battle_id), stage.rounds.length, planned, seeds);
    }),
  );
  return {
    tournament_id: view.id,
    name: view.name,
    status: view.status,
    entered: view.entered,
    stages: projection.map((p, i) => {
      const stage = view.stages[i]!;
      const before = projection[i - 1];
      return {
        stage_no: p.stageNo,
        name: p.name,
        format: p.format,
        bracket: brackets[i] ?? null,
        battle_id: stage.battle_id,
        starts_at: stage.starts_at,
        ends_at: stage.ends_at,
        projected_field: p.field,
        advancing: p.advancing,
        rounds: p.rounds.map((r) => {
          const round = stage.rounds[r.roundNo - 1]!;
          return {
            round_no: r.roundNo,
            opens_at: round.opens_at,
            closes_at: round.closes_at,
            projected_field: r.field,
            projected_keep: r.keep,
            cut_text: r.ruleText,
          };
        }),
        seeds: (before?.seeds ?? []).map((slot) => {
          const taken = stage.seeds.find((x) => x.seed === slot.seed);
          return {
            seed: slot.seed,
            from_place: slot.fromPlace,
            text: `${ordinal(slot.fromPlace)} place of ${before!.name}`,
            athlete: taken ? { user_id: taken.user_id, display_name: taken.display_name } : null,
          };
        }),
      };
    }),
    field: field.map((f, i) => ({ seed: i + 1, user_id: f.user_id, display_name: f.display_name })),
  };
}
