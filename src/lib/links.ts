/** Where an athlete's public profile lives (ids travel in the query string). */
export const profileHref = (userId: number) => `/athlete-profile-page?id=${userId}`;
/** Where a gym's page lives. */
export const gymHref = (gymId: number) => `/gym-page?id=${gymId}`;
