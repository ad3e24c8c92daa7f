import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { useFlow } from '#src/lib/flow/use-flow.ts';
import { fromPromise } from 'xstate';
import { Link, useLocation } from 'wouter';
import { NotFoundState } from '#src/components/not-found-state.tsx';
import { QueryState } from '#src/components/query-state.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { TextArea, TextInput } from '#src/components/ui/text-field.tsx';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { toast } from '#src/lib/toast.ts';
import { storySubmissionMachine, type StoryFields } from '#machines/story-submission.ts';
import { STORY_BODY_LIMITS, STORY_TITLE_LIMITS } from '#domain/stories.ts';
import { useSaveStory, useStory, type Story } from '../api/stories.ts';
import { StoryAudienceField, StoryChallengeField, StoryVideoField } from '../components/story-fields.tsx';
import { StoryImagesField } from '../components/story-images-field.tsx';
import { formImage, uploadStoryImages } from '../api/images.ts';
import '../stories.css';

/** The compose form, driven by the story-submission chart; on success the story opens. */
function StoryForm({ editing, initial }: { editing: Story | null; initial: Partial<StoryFields> }) {
  const save = useSaveStory(editing?.id ?? null);
  const [, navigate] = useLocation();
  // mutateAsync and navigate are stable, so the actor made once may hold them.
  const flow = useFlow(
    storySubmissionMachine.provide({
      actors: {
        publishStory: fromPromise(({ input }) => save.mutateAsync(input)),
        uploadImages: fromPromise(({ input }) => uploadStoryImages(input)),
      },
      actions: {
        notifyPublished: (_, { id }) => {
          toast({ title: editing ? 'Story saved.' : 'Story published.', variant: 'success' });
          navigate(`/my-stories-page?story=${id}`);
        },
      },
    }),
    { input: { fields: initial } },
  );
  const fields = useSelector(flow, (s) => s.context.fields);
  const problem = useSelector(flow, (s) => s.context.problem);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const uploading = useSelector(flow, (s) => s.hasTag('uploading'));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    flow.send({ type: 'story.submit' });
  };
  const title = fields.title.trim().length;
  const body = fields.body.trim().length;
  return (
    <form className="form card story-form" onSubmit={onSubmit} noValidate>
      <TextInput
        label="Title"
        value={fields.title}
        onChange={(e) => flow.send({ type: 'story.update', field: 'title', value: e.target.value })}
        hint={`${STORY_TITLE_LIMITS.min} to ${STORY_TITLE_LIMITS.max} characters (${title} so far).`}
        autoComplete="off"
      />
      <TextArea
        label="Your story"
        rows={10}
        value={fields.body}
        onChange={(e) => flow.send({ type: 'story.update', field: 'body', value: e.target.value })}
        hint={`Plain text, or **bold**, *italic*, lists and links. Up to ${STORY_BODY_LIMITS.max} characters (${body} so far).`}
      />
      <StoryImagesField
        images={fields.images}
        uploading={uploading}
        onFile={(file) => flow.send({ type: 'story.addFiles', files: [file] })}
        onAlt={(index, alt) => flow.send({ type: 'story.setAlt', index, alt })}
        onMove={(index, to) => flow.send({ type: 'story.moveImage', index, to })}
        onRemove={(index) => flow.send({ type: 'story.removeImage', index })}
      />
      <StoryVideoField value={fields.videoId} onChange={(videoId) => flow.send({ type: 'story.setVideo', videoId })} />
      <StoryChallengeField
        value={fields.challengeId}
        current={editing?.challenge ?? null}
        onChange={(challengeId) => flow.send({ type: 'story.setChallenge', challengeId })}
      />
      <StoryAudienceField
        subscribersOnly={fields.subscribersOnly}
        tierId={fields.tierId}
        current={editing?.tier ?? null}
        onChange={(subscribersOnly, tierId) => flow.send({ type: 'story.setAudience', subscribersOnly, tierId })}
      />
      <FormFooter
        submitLabel={editing ? 'Save story' : 'Publish story'}
        pendingLabel={uploading ? 'Uploading the picture…' : editing ? 'Saving…' : 'Publishing…'}
        pending={busy || uploading}
        error={problem}
        cancel={{ href: editing ? `/my-stories-page?story=${editing.id}` : '/my-stories-page' }}
      />
    </form>
  );
}

function EditStory({ storyId }: { storyId: number }) {
  const story = useStory(storyId);
  return (
    <QueryState
      query={story}
      loading="Loading the story…"
      notFound={<NotFoundState what="This story" back={{ href: '/my-stories-page', label: 'Back to stories' }} />}
    >
      {(s) =>
        s.mine ? (
          <StoryForm
            key={s.id}
            editing={s}
            initial={{
              title: s.title,
              body: s.body,
              videoId: s.video?.id ?? null,
              challengeId: s.challenge?.id ?? null,
              images: s.images.map(formImage),
              subscribersOnly: s.subscribers_only,
              tierId: s.tier?.id ?? null,
            }}
          />
        ) : (
          <EmptyState
            title="This story is not yours to edit"
            action={
              <>
                <Link href="/my-stories-page" className="btn btn-primary">
                  Back to stories
                </Link>{' '}
                <Link href="/story-submission-page" className="btn btn-secondary">
                  Write your own
                </Link>
              </>
            }
          >
            Only the author of this story can edit it.
          </EmptyState>
        )
      }
    </QueryState>
  );
}

/** /story-submission-page: a new story (?challenge=ID starts it about that challenge), or ?edit=ID for one of the athlete's own. */
export default function StorySubmissionPage() {
  const [{ edit, challenge }] = useQueryState({ edit: param.int(0, 0, 2147483647), challenge: param.int(0, 0, 2147483647) });
  return (
    <div className="container page narrow stories-page">
      <h1>{edit ? 'Edit your story' : 'Share a Story'}</h1>
      <p className="lead muted">Tell the community about a workout, a comeback or a win.</p>
      {edit ? <EditStory storyId={edit} /> : <StoryForm editing={null} initial={{ challengeId: challenge || null }} />}
    </div>
  );
}
