import type { LlmSettings } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import { fitQuestion, questionPrompt, templateQuestion, usableQuestion, type QuestionTopic } from '#domain/interviews.ts';
import { CallBudget, modelClient, modelFailure } from '../commentary/index.ts';

/**
 * The interviewer: the templates (the default, deterministic for a seed) or any OpenAI-compatible endpoint
 * (LLM_BASE_URL) through the `openai` package, the same settings as the commentary's writer. Any failure
 * (down, slow, over the hourly budget, an unusable answer) falls back to the templates and says why.
 */
export interface WrittenQuestion {
  text: string;
  source: 'template' | 'model';
  fallbackReason: string | null;
}

export interface QuestionWriter {
  readonly kind: 'template' | 'model';
  write(topic: QuestionTopic, athlete: string, seed: number): Promise<WrittenQuestion>;
}

export const templateQuestionWriter: QuestionWriter = {
  kind: 'template',
  async write(topic, athlete, seed) {
    return { text: templateQuestion(topic, athlete, seed), source: 'template', fallbackReason: null };
  },
};

/** Why a call failed, in words for the athlete. */
async function failureReason(error: unknown): Promise<string> {
  const failure = await modelFailure(error);
  if (failure.kind === 'timeout') return 'The interviewer model did not answer in time.';
  if (failure.kind === 'unreachable') return 'The interviewer model could not be reached.';
  if (failure.kind === 'status') return `The interviewer model answered with an error (${failure.status ?? 'no status'}).`;
  return 'The interviewer model could not be asked.';
}

export function modelQuestionWriter(settings: LlmSettings, now: () => number, log?: (error: unknown) => void): QuestionWriter {
  const client = modelClient(settings);
  const budget = new CallBudget(settings.callsPerHour, now);
  const fallback = (topic: QuestionTopic, athlete: string, seed: number, reason: string): WrittenQuestion => ({
    text: templateQuestion(topic, athlete, seed),
    source: 'template',
    fallbackReason: reason,
  });
  return {
    kind: 'model',
    async write(topic, athlete, seed) {
      if (!budget.take()) return fallback(topic, athlete, seed, 'The hourly budget of model calls is spent.');
      try {
        const answer = await (
          await client()
        ).chat.completions.create({
          model: settings.model,
          messages: questionPrompt(topic, athlete),
          max_tokens: 100,
          temperature: 0.7,
          seed,
        });
        const text = usableQuestion(answer?.choices?.[0]?.message?.content);
        if (!text) return fallback(topic, athlete, seed, 'The interviewer model’s answer could not be used.');
        return { text: fitQuestion(text), source: 'model', fallbackReason: null };
      } catch (error) {
        log?.(error);
        return fallback(topic, athlete, seed, await failureReason(error));
      }
    },
  };
}

const writers = new WeakMap<AppContext, QuestionWriter>();

/** This app's interviewer: a model when LLM_BASE_URL is set, else the templates. */
export function questionWriterFor(ctx: AppContext): QuestionWriter {
  let writer = writers.get(ctx);
  if (!writer) {
    writer = ctx.config.llm ? modelQuestionWriter(ctx.config.llm, () => ctx.now().getTime()) : templateQuestionWriter;
    writers.set(ctx, writer);
  }
  return writer;
}
