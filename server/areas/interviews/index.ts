// The interviews area's public surface: other areas and the app import only from here.
export { interviewHandlers } from './handlers.ts';
export { historyFacts } from './interviews.ts';
export { shownOnProfile } from './video-interviews.ts';
export { modelQuestionWriter, questionWriterFor, templateQuestionWriter, type QuestionWriter } from './writer.ts';
