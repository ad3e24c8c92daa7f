import type { CelebrationLevel } from '#domain/achievement-rules.ts';

/** Where the tone switch lived when it was this browser's alone; read once to carry it over to the account. */
const TONES_KEY = 'achievement-tones';

/** Whether this browser had tones turned on before they became an account setting; forgets the old value. */
export function takeStoredTones(): boolean {
  try {
    const on = localStorage.getItem(TONES_KEY) === 'on';
    localStorage.removeItem(TONES_KEY);
    return on;
  } catch {
    return false;
  }
}

const NOTES: Record<CelebrationLevel, number[]> = {
  subtle: [660],
  normal: [523, 659],
  epic: [523, 659, 784],
  legendary: [523, 659, 784, 1047],
};

/** A short rising arpeggio, longer for bigger moments. */
export function playTone(level: CelebrationLevel) {
  const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  const audio = new Ctx();
  NOTES[level].forEach((frequency, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = frequency;
    const start = audio.currentTime + i * 0.12;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start(start);
    osc.stop(start + 0.3);
  });
  setTimeout(() => void audio.close(), 1500);
}
