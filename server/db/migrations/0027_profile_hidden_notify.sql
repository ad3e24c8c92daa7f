-- Hand-written: hiding or restoring a profile changes the name every board shows for its athlete ("Athlete #N"
-- while hidden, server/services/privacy-names.ts), so it tells the board caches, as a name change does (0024).
CREATE TRIGGER "athlete_profiles_hidden_notify" AFTER UPDATE OF "hidden_at" ON "athlete_profiles" FOR EACH ROW WHEN (OLD."hidden_at" IS DISTINCT FROM NEW."hidden_at") EXECUTE FUNCTION "repforge_boards_changed"();
