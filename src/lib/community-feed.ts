// Kept apart from the navigation model (navigation.ts) so the header can name it without taking
// the account and admin menus' lists into the shell: a module the shell imports carries into the
// first load everything of it that any page uses.

/** Where the in-app community lives: the stories feed (the Timeline's stand-in without a community site). */
export const COMMUNITY_FEED_HREF = '/my-stories-page';
