// Packages a start does not need, loaded on first use (#36): the S3 SDK, Stripe, the OpenAI client, nodemailer,
// ioredis, postgres, sharp… cost about 0.1–0.2 CPU-s each to load, at every start, on servers that mostly never
// use them. What a request answers is the same; only the first use of a package waits for its load.

/** The value `make` promises, made on the first call and shared by every later one. */
export function onFirstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
