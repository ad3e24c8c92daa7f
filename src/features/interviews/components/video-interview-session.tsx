import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { Link } from 'wouter';
import { Circle, RotateCcw, Send, Square } from 'lucide-react';
import { videoInterviewMachine } from '#machines/video-interview.ts';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { useSessionView } from '#src/lib/session/session-view.ts';
import { uploadFile } from '#src/lib/upload/tus-transfer.ts';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ProgressBar } from '#src/components/ui/progress-bar.tsx';
import { LoadingSkeleton } from '#src/components/loading-skeleton.tsx';
import { QUESTION_KIND_LABELS } from '#domain/interviews.ts';
import { formatTimestamp } from '#domain/videos.ts';
import { useMyVideoInterviews, useVideoInterviewCalls, type VideoInterview } from '../api/video-interviews.ts';
import { MAX_TAKE_SECONDS, openCameraStream, startTake, takeFile } from './camera-recorder.ts';
import { InterviewClips } from './interview-clips.tsx';

/** Seconds since `running` turned true (0 while not). */
function useElapsed(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setSeconds(0);
    if (!running) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

/**
 * One video interview, driven by its chart: the camera, one take per question (preview, re-take, send), the
 * upload through the video pipeline, then the finish (kept private, or shown on the profile).
 */
export function VideoInterviewSession({ resumeId, onOpened }: { resumeId: number | null; onOpened: (id: number) => void }) {
  const calls = useVideoInterviewCalls();
  const { user } = useSessionView();
  const streamRef = useRef<MediaStream | null>(null);
  const takeRef = useRef<Blob | null>(null);
  const recorderRef = useRef<{ stop: () => Promise<Blob> } | null>(null);
  const liveRef = useRef<HTMLVideoElement | null>(null);
  const [sent, setSent] = useState(0);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const flow = useFlow(
    videoInterviewMachine.provide({
      actors: {
        startInterview: fromPromise(async ({ input }) => {
          const interview = await calls.start.mutateAsync(input.resumeId);
          onOpened(interview.id);
          return interview;
        }),
        openCamera: fromPromise(async () => {
          streamRef.current ??= await openCameraStream();
        }),
        uploadTake: fromPromise(async ({ input }) => {
          const take = takeRef.current;
          if (!take) throw new Error('Record the answer again: the take was lost.');
          setSent(0);
          return uploadFile(takeFile(take, input.questionId), 'interview', setSent);
        }),
        attachClip: fromPromise(({ input }) => calls.attach.mutateAsync(input)),
        setVisibility: fromPromise(({ input }) => calls.visibility.mutateAsync(input)),
      },
    }),
    { input: { resumeId } },
  );
  const state = useSelector(flow, (s) => s.value as string);
  const interview = useSelector(flow, (s) => s.context.interview) as VideoInterview | null;
  const problem = useSelector(flow, (s) => s.context.problem);
  const recording = state === 'recording';
  const elapsed = useElapsed(recording);
  // The clips keep processing after they are sent: the list (asked again while they do) has their progress.
  const mine = useMyVideoInterviews();
  const latest = mine.data?.items.find((i) => i.id === interview?.id) ?? interview;

  // The camera is shown live while a question waits; released when the page goes.
  const cameraOn = state === 'ready' || state === 'recording';
  useEffect(() => {
    if (cameraOn && liveRef.current && streamRef.current) liveRef.current.srcObject = streamRef.current;
  }, [cameraOn]);
  useEffect(
    () => () => {
      void recorderRef.current?.stop();
      streamRef.current?.getTracks().forEach((t) => t.stop());
    },
    [],
  );
  // The camera is let go once every question is answered.
  const finishedNow = state === 'finished' || state === 'onProfile' || state === 'showing' || state === 'hiding';
  useEffect(() => {
    if (!finishedNow) return;
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
  }, [finishedNow]);

  const record = () => {
    if (!streamRef.current) return;
    recorderRef.current = startTake(streamRef.current);
    flow.send({ type: 'record.start' });
  };
  const stop = async () => {
    const take = await recorderRef.current?.stop();
    recorderRef.current = null;
    takeRef.current = take ?? null;
    setPreviewUrl((old) => {
      if (old) URL.revokeObjectURL(old);
      return take && take.size > 0 ? URL.createObjectURL(take) : null;
    });
    flow.send({ type: 'record.done', bytes: take?.size ?? 0 });
  };
  useEffect(() => {
    if (recording && elapsed >= MAX_TAKE_SECONDS) void stop();
    // stop reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recording, elapsed]);
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  if (state === 'starting') return <LoadingSkeleton label="Preparing your questions…" rows={3} />;
  if (state === 'failed' || !interview)
    return (
      <div className="card interview-card" role="alert">
        <p className="error-text">{problem ?? 'Could not start the interview.'}</p>
        <div className="interview-actions">
          <Button variant="primary" onClick={() => flow.send({ type: 'interview.retry' })}>
            Try again
          </Button>
          <Link href="/video-interview-page" className="btn btn-ghost">
            Back to my video interviews
          </Link>
        </div>
      </div>
    );

  const total = interview.questions.length;
  const answered = interview.questions.filter((q) => q.video !== null).length;
  const current = interview.questions.find((q) => q.id === interview.current_question_id) ?? null;

  if (finishedNow || !current) {
    const onProfile = state === 'onProfile' || state === 'hiding';
    return (
      <div className="card interview-card">
        <h2>{onProfile ? 'On your profile' : 'Interview finished'}</h2>
        <p>
          {onProfile
            ? 'Everyone who opens your profile can watch these answers. Make it private again whenever you like.'
            : 'It is private: only you can watch it. Put it on your profile if you want others to see it.'}
        </p>
        {problem && (
          <p className="error-text" role="alert">
            {problem}
          </p>
        )}
        <div className="interview-actions">
          {onProfile ? (
            <>
              <Link href={user ? `/athlete-profile-page?id=${user.wp_user_id}` : '/athlete-profile-page'} className="btn btn-primary">
                See it on your profile
              </Link>
              <Button loading={state === 'hiding'} onClick={() => flow.send({ type: 'interview.hide' })}>
                Make it private
              </Button>
            </>
          ) : (
            <>
              <Button variant="primary" loading={state === 'showing'} onClick={() => flow.send({ type: 'interview.show' })}>
                Put it on my profile
              </Button>
              <Link href="/video-interview-page" className="btn btn-ghost">
                Keep it private
              </Link>
            </>
          )}
        </div>
        <InterviewClips interview={latest ?? interview} />
      </div>
    );
  }

  const size = takeRef.current?.size ?? 0;
  return (
    <div className="interview-session">
      <ProgressBar value={Math.round((100 * answered) / Math.max(1, total))} label={`${answered} of ${total} questions answered`} />
      <section
        className="card interview-card"
        aria-labelledby="interview-question"
        aria-busy={state === 'uploading' || state === 'attaching'}
      >
        <div className="interview-question-head">
          <Badge tone="brand">{QUESTION_KIND_LABELS[current.kind]}</Badge>
          <span className="muted">
            Question {answered + 1} of {total}
          </span>
        </div>
        <h2 className="interview-question" id="interview-question" aria-live="polite">
          {current.text}
        </h2>

        {state === 'camera' && <p role="status">Opening the camera… Your browser may ask you to allow it.</p>}
        {state === 'noCamera' && (
          <div role="alert" className="interview-camera-problem">
            <p className="error-text">{problem}</p>
            <div className="interview-actions">
              <Button variant="primary" onClick={() => flow.send({ type: 'camera.retry' })}>
                Try the camera again
              </Button>
              <Link href="/ai-interview-page" className="btn btn-ghost">
                Answer in writing instead
              </Link>
            </div>
          </div>
        )}

        {cameraOn && (
          <div className="interview-camera">
            <video ref={liveRef} className="interview-video" autoPlay muted playsInline aria-label="Your camera" />
            {recording && (
              <p className="interview-recording" role="status">
                <Circle size={12} aria-hidden fill="currentColor" /> Recording {formatTimestamp(elapsed)} (stops by itself at{' '}
                {MAX_TAKE_SECONDS / 60} minutes)
              </p>
            )}
            {problem && (
              <p className="error-text" role="alert">
                {problem}
              </p>
            )}
            <div className="interview-actions">
              {recording ? (
                <Button variant="danger" icon={<Square size={16} aria-hidden />} onClick={() => void stop()}>
                  Stop recording
                </Button>
              ) : (
                <Button variant="primary" icon={<Circle size={16} aria-hidden />} onClick={record}>
                  Record your answer
                </Button>
              )}
              <Link href="/video-interview-page" className="btn btn-ghost">
                Finish later
              </Link>
            </div>
          </div>
        )}

        {(state === 'preview' || state === 'uploading' || state === 'attaching') && previewUrl && (
          <div className="interview-camera">
            <video src={previewUrl} className="interview-video" controls playsInline aria-label="Your answer, to watch before sending" />
            {state === 'uploading' && <ProgressBar value={size ? Math.floor((100 * sent) / size) : 0} label="Upload progress" showValue />}
            {state === 'attaching' && <p role="status">Saving your answer…</p>}
            {problem && (
              <p className="error-text" role="alert">
                {problem}
              </p>
            )}
            <div className="interview-actions">
              <Button
                variant="primary"
                icon={<Send size={16} aria-hidden />}
                loading={state !== 'preview'}
                onClick={() => flow.send({ type: 'record.send' })}
              >
                {state === 'preview' ? (problem ? 'Send again' : 'Send this answer') : 'Sending…'}
              </Button>
              <Button
                icon={<RotateCcw size={16} aria-hidden />}
                disabled={state !== 'preview'}
                onClick={() => flow.send({ type: 'record.retake' })}
              >
                Re-take
              </Button>
            </div>
          </div>
        )}
      </section>
      {answered > 0 && <InterviewClips interview={latest ?? interview} />}
    </div>
  );
}
