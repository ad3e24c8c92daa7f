import type { CelebrationLevel } from '../../../domain/achievement-rules.ts';

/** Celebration tones are off unless the athlete turns them on (stored per browser). */
export const TONES_KEY = 'achievement-tones';

export function tonesEnabled(): boolean {
  try {
    return localStorage.getItem(TONES_KEY) === 'on';
  } catch {
    return false;
  }
}

export function setTonesEnabled(on: boolean) {
  try {
    localStorage.setItem(TONES_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode: the choice lasts for this page only.
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
