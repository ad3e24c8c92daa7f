import type { EncodedScore, ScoreType } from './types.ts';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function formatDuration(ms: number): string {
  const totalSeconds = Math.floor(ms / 1000);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  const frac = ms % 1000;
  const base = h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
  return frac ? `${base}.${pad(Math.floor(frac / 10))}` : base;
}

/** A score for people: 12:34, 150 reps, 102.5 kg, 5 rounds + 12 reps, 5.2 km… */
export function formatScore(type: ScoreType, score: EncodedScore, opts: { repsPerRound?: number | null; units?: 'metric' | 'imperial' } = {}): string {
  if (score.status === 'capped') return `CAP + ${score.value} reps`;
  switch (type) {
    case 'time':
      return formatDuration(score.value);
    case 'reps':
      return `${score.value} reps`;
    case 'calories':
      return `${score.value} cal`;
    case 'points':
      return `${score.value} pts`;
    case 'load':
      return opts.units === 'imperial' ? `${(score.value / 453.59237).toFixed(1).replace(/\.0$/, '')} lb` : `${(score.value / 1000).toFixed(2).replace(/\.?0+$/, '')} kg`;
    case 'distance':
      if (opts.units === 'imperial') return `${(score.value / 1_609_344).toFixed(2)} mi`;
      return score.value >= 1_000_000 ? `${(score.value / 1_000_000).toFixed(2).replace(/\.?0+$/, '')} km` : `${(score.value / 1000).toFixed(1).replace(/\.0$/, '')} m`;
    case 'rounds_reps': {
      const per = opts.repsPerRound ?? 0;
      if (!per) return `${score.value} reps`;
      return `${Math.floor(score.value / per)} rounds + ${score.value % per} reps`;
    }
  }
}
