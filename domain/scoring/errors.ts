/** A score that cannot be accepted, with the reason in words for the athlete. */
export class ScoreError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'ScoreError';
  }
}
