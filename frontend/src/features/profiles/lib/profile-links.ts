/**
 * `/profile/{id}`, the candidate profile page (spec part 2, §2). A plain address rather than a
 * typed router link: that route is built separately (features/profiles/components/profile-page*),
 * and a typed link would not compile until it exists.
 */
export const profilePath = (profileId: string) => `/profile/${encodeURIComponent(profileId)}`;
