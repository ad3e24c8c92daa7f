import { BookOpen, PenLine } from 'lucide-react';
import { QueryState } from '#src/components/query-state.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { AppLink } from '#src/components/ui/link.tsx';
import { PaginationByPage } from '#src/components/ui/pagination.tsx';
import { param, useQueryState } from '#src/lib/use-search-param.ts';
import { STORY_PAGE_SIZE } from '#domain/stories.ts';
import { useMyStories, useStoryFeed, type StoryPage } from '../api/stories.ts';
import { StoryCard } from '../components/story-card.tsx';
import { StoryView } from '../components/story-view.tsx';
import '../stories.css';

const TABS = [
  { id: 'community', label: 'Community' },
  { id: 'mine', label: 'My Stories' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const shareLink = (
  <AppLink href="/story-submission-page" look="primary" icon={<PenLine size={18} aria-hidden />}>
    Share a story
  </AppLink>
);

function StoryList({
  query,
  page,
  onPage,
  empty,
  label,
}: {
  query: ReturnType<typeof useStoryFeed>;
  page: number;
  onPage: (page: number) => void;
  empty: { title: string; text: string };
  label: string;
}) {
  return (
    <QueryState<StoryPage>
      query={query}
      loading="Loading the stories…"
      empty={
        <EmptyState icon={<BookOpen size={32} />} title={empty.title} action={shareLink}>
          {empty.text}
        </EmptyState>
      }
    >
      {(data) => (
        <>
          <ul className="story-list" aria-label={label}>
            {data.items.map((s) => (
              <li key={s.id}>
                <StoryCard story={s} />
              </li>
            ))}
          </ul>
          {data.total > STORY_PAGE_SIZE || page > 1 ? (
            <PaginationByPage
              label={`${label} pages`}
              page={page}
              shown={data.items.length}
              total={data.total}
              pageSize={STORY_PAGE_SIZE}
              onPage={onPage}
            />
          ) : null}
        </>
      )}
    </QueryState>
  );
}

function CommunityFeed({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  return (
    <StoryList
      query={useStoryFeed(page)}
      page={page}
      onPage={onPage}
      label="Community stories"
      empty={{ title: 'No stories yet — share the first one', text: 'Tell the community about a workout, a comeback or a win.' }}
    />
  );
}

function OwnStories({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  return (
    <StoryList
      query={useMyStories(page)}
      page={page}
      onPage={onPage}
      label="Your stories"
      empty={{ title: 'You have not shared a story yet', text: 'Your stories show here, with their comments, once you publish one.' }}
    />
  );
}

/** Stories: the Community feed and the athlete's own (?tab=), or one story with its comments (?story=ID). */
export default function MyStoriesPage() {
  const [{ tab, page, story }, setState] = useQueryState({
    tab: param.oneOf<Tab>(
      TABS.map((t) => t.id),
      'community',
    ),
    page: param.int(1, 1, 100000),
    story: param.int(0, 0, 2147483647),
  });
  if (story > 0)
    return (
      <div className="container page narrow stories-page">
        <StoryView storyId={story} />
      </div>
    );
  const onPage = (p: number) => {
    setState({ page: p }, { replace: false });
    window.scrollTo({ top: 0 });
  };
  return (
    <div className="container page narrow stories-page">
      <div className="stories-head">
        <h1>{tab === 'community' ? 'Community Stories' : 'My Stories'}</h1>
        {shareLink}
      </div>
      <p className="lead muted">
        {tab === 'community' ? 'Workouts, comebacks and wins from athletes on RepForge.' : 'The stories you shared, with their comments.'}
      </p>
      <div className="tabs" role="tablist" aria-label="Stories">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`stories-tab-${t.id}`}
            aria-controls="stories-panel"
            className="tab"
            aria-selected={tab === t.id}
            onClick={() => setState({ tab: t.id, page: 1 }, { replace: false })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="stories-panel" aria-labelledby={`stories-tab-${tab}`}>
        {tab === 'community' ? <CommunityFeed page={page} onPage={onPage} /> : <OwnStories page={page} onPage={onPage} />}
      </div>
    </div>
  );
}
