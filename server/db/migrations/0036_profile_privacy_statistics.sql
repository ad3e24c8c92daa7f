-- Statistics on what profile filters test (board filters: server/services/athletes/rankings.ts profileFilters).
-- Without them the planner guesses that `privacy->>'sex' = 'public'` keeps 0.5% of profiles (it keeps
-- most), so Global Ranks filtered to women started from every woman's profile and sorted them (101 ms at
-- 100,000 athletes) instead of walking the total's index and stopping after a page (2.4 ms).
CREATE STATISTICS IF NOT EXISTS "athlete_profiles_privacy_sex_stats" ON ((privacy->>'sex')) FROM "athlete_profiles";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "athlete_profiles_privacy_birth_year_stats" ON ((privacy->>'birth_year')) FROM "athlete_profiles";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "athlete_profiles_privacy_bodyweight_stats" ON ((privacy->>'bodyweight')) FROM "athlete_profiles";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "athlete_profiles_privacy_gym_stats" ON ((privacy->>'gym')) FROM "athlete_profiles";--> statement-breakpoint
ANALYZE "athlete_profiles";
