import { onFirstUse } from '#server/lib/lazy-load.ts';
import type { LlmSettings } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { commentaryPrompt, fitLine, templateLine, usableGeneratedLine, type CommentaryFacts, type LineSource } from '#domain/commentary.ts';

/**
 * One text-generation interface, two writers: the templates (the default, deterministic for a seed) and
 * any OpenAI-compatible endpoint (LLM_BASE_URL) through the official `openai` package. A model's line
 * falls back to the templates on any failure (down, slow, over the hourly budget, an unusable answer),
 * and the line keeps why, so the editors' page can say so.
 */
export interface WrittenLine {
  text: string;
  source: LineSource;
  /** Set when a model was asked (or would have been) and the templates wrote the line instead. */
  fallbackReason: string | null;
}

export interface LineWriter {
  /** What writes lines here: the templates, or a model (its name). */
  readonly describe: { kind: LineSource; model: string | null };
  /** `signal` ends a call in flight (its job was released); the templates then write the line. */
  write(facts: CommentaryFacts, seed: number, signal?: AbortSignal): Promise<WrittenLine>;
}

export const templateWriter: LineWriter = {
  describe: { kind: 'template', model: null },
  async write(facts, seed) {
    return { text: templateLine(facts, seed), source: 'template', fallbackReason: null };
  },
};

const HOUR_MS = 3_600_000;

/**
 * Calls allowed per rolling hour, counted on this node. `take` decides and counts in one synchronous step, so calls
 * started at once (LLM_CONCURRENCY) never spend past the budget.
 */
export class CallBudget {
  private readonly calls: number[] = [];
  constructor(
    private readonly perHour: number,
    private readonly now: () => number,
  ) {}

  take(): boolean {
    const t = this.now();
    while (this.calls.length && this.calls[0]! <= t - HOUR_MS) this.calls.shift();
    if (this.calls.length >= this.perHour) return false;
    this.calls.push(t);
    return true;
  }
}

/** A client of an OpenAI-compatible endpoint, made at its first call; the `openai` package is loaded then, not at every start (server/lib/lazy-load.ts). */
export function modelClient(settings: LlmSettings) {
  return onFirstUse(
    async () =>
      new (await import('openai')).default({
        baseURL: settings.baseUrl,
        // Local servers (llama.cpp, vLLM) take any key; the package refuses to start without one.
        apiKey: settings.apiKey ?? 'none',
        timeout: settings.timeoutMs,
        maxRetries: 0,
      }),
  );
}

/** How a model call failed, for each area to say in its own words (never the endpoint's own text, which may hold anything). */
export type ModelFailure =
  { kind: 'timeout' } | { kind: 'unreachable' } | { kind: 'status'; status: number | undefined } | { kind: 'other' };

export async function modelFailure(error: unknown): Promise<ModelFailure> {
  const OpenAI = await import('openai').then((m) => m.default).catch(() => undefined);
  if (!OpenAI) return { kind: 'other' };
  if (error instanceof OpenAI.APIConnectionTimeoutError) return { kind: 'timeout' };
  if (error instanceof OpenAI.APIConnectionError) return { kind: 'unreachable' };
  if (error instanceof OpenAI.APIError) return { kind: 'status', status: error.status };
  return { kind: 'other' };
}

/** Why a call failed, in words for editors. */
async function failureReason(error: unknown): Promise<string> {
  const failure = await modelFailure(error);
  if (failure.kind === 'timeout') return 'The model did not answer in time.';
  if (failure.kind === 'unreachable') return 'The model could not be reached.';
  if (failure.kind === 'status') return `The model answered with an error (${failure.status ?? 'no status'}).`;
  return 'The model could not be asked.';
}

export function modelWriter(settings: LlmSettings, now: () => number, log?: (error: unknown) => void): LineWriter {
  const client = modelClient(settings);
  const budget = new CallBudget(settings.callsPerHour, now);
  const fallback = (facts: CommentaryFacts, seed: number, reason: string): WrittenLine => ({
    text: templateLine(facts, seed),
    source: 'template',
    fallbackReason: reason,
  });
  return {
    describe: { kind: 'model', model: settings.model },
    async write(facts, seed, signal) {
      if (!budget.take()) return fallback(facts, seed, 'The hourly budget of model calls is spent.');
      try {
        const answer = await (
          await client()
        ).chat.completions.create(
          {
            model: settings.model,
            messages: commentaryPrompt(facts),
            max_tokens: 120,
            temperature: 0.8,
            seed,
          },
          { signal },
        );
        const text = usableGeneratedLine(answer?.choices?.[0]?.message?.content, facts);
        if (!text) return fallback(facts, seed, 'The model’s answer could not be used.');
        return { text: fitLine(text), source: 'model', fallbackReason: null };
      } catch (error) {
        log?.(error);
        return fallback(facts, seed, await failureReason(error));
      }
    },
  };
}

const writers = new WeakMap<AppContext, LineWriter>();

/** This app's writer: a model when LLM_BASE_URL is set, else the templates. */
export function writerFor(ctx: AppContext): LineWriter {
  let writer = writers.get(ctx);
  if (!writer) {
    writer = ctx.config.llm ? modelWriter(ctx.config.llm, () => ctx.now().getTime()) : templateWriter;
    writers.set(ctx, writer);
  }
  return writer;
}
