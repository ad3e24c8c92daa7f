import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { QueryState } from '#src/components/query-state.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { PaginationByPage } from '#src/components/ui/pagination.tsx';
import { TextArea } from '#src/components/ui/text-field.tsx';
import { ReportButton } from '#src/components/report-button.tsx';
import { toast } from '#src/lib/toast.ts';
import { COMMENT_LIMITS, COMMENT_PAGE_SIZE, commentProblem } from '#domain/stories.ts';
import { useAddComment, useDeleteComment, useStoryComments, type Story, type StoryComment } from '../api/stories.ts';
import { Byline, HiddenNote } from './story-parts.tsx';

function CommentForm({ storyId }: { storyId: number }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddComment(storyId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wrong = commentProblem(text);
    setProblem(wrong);
    if (wrong) return;
    add.mutate(text.trim(), {
      onSuccess: () => setText(''),
      onError: (error) => setProblem(error.message),
    });
  };
  return (
    <form className="story-comment-form" onSubmit={submit} noValidate>
      <TextArea
        label="Add a comment"
        rows={3}
        maxLength={COMMENT_LIMITS.max}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        hint={`Up to ${COMMENT_LIMITS.max} characters (${text.trim().length} so far).`}
        error={problem ?? undefined}
      />
      <p>
        <Button type="submit" variant="primary" disabled={add.isPending}>
          {add.isPending ? 'Posting…' : 'Post comment'}
        </Button>
      </p>
    </form>
  );
}

function CommentItem({ comment }: { comment: StoryComment }) {
  const remove = useDeleteComment();
  return (
    <li className="story-comment">
      <p className="story-comment-meta">
        <Byline author={comment.author} at={comment.created_at} />
      </p>
      {comment.hidden ? <HiddenNote what="comment" /> : null}
      <p className="story-comment-body">{comment.body}</p>
      <p className="story-comment-actions">
        {comment.mine ? (
          <Button
            size="sm"
            variant="ghost"
            icon={<Trash2 size={16} aria-hidden />}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(comment.id, {
                onSuccess: () => toast({ title: 'Comment deleted.', variant: 'success' }),
                onError: (error) => toast({ title: error.message, variant: 'error' }),
              })
            }
          >
            Delete<span className="visually-hidden"> your comment</span>
          </Button>
        ) : null}
        <ReportButton
          kind="comment"
          itemId={comment.id}
          authorId={comment.author.wp_user_id}
          subject={`${comment.author.display_name}'s comment`}
        />
      </p>
    </li>
  );
}

/** The comments under a story, oldest first, and the form to add one (a hidden story takes none). */
export function StoryComments({ story }: { story: Story }) {
  const [page, setPage] = useState(1);
  const comments = useStoryComments(story.id, page);
  return (
    <section className="story-comments" aria-labelledby="story-comments-title">
      <h2 id="story-comments-title">Comments</h2>
      <QueryState
        query={comments}
        loading="Loading the comments…"
        empty={<p className="muted">No comments yet — be the first to say something.</p>}
      >
        {(data) => (
          <>
            <ul className="story-comment-list">
              {data.items.map((c) => (
                <CommentItem key={c.id} comment={c} />
              ))}
            </ul>
            {data.total > COMMENT_PAGE_SIZE ? (
              <PaginationByPage
                label="Comment pages"
                page={page}
                shown={data.items.length}
                total={data.total}
                pageSize={COMMENT_PAGE_SIZE}
                onPage={setPage}
              />
            ) : null}
          </>
        )}
      </QueryState>
      {story.hidden ? <p className="muted">Moderators hid this story, so it takes no new comments.</p> : <CommentForm storyId={story.id} />}
    </section>
  );
}
