// The challenges feature reads scores through the shared hook (src/lib/score-text.ts), as every feature does.
export { useScoreText } from '#src/lib/score-text.ts';
