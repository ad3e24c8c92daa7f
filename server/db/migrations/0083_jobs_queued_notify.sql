-- Hand-written: a statement that adds jobs tells every node's worker at once (server/lib/jobs.ts, startJobWorker), so an
-- idle worker sleeps instead of polling every second. NOTIFY goes out when the transaction commits, so a worker woken
-- by it finds the rows; one per statement that added rows (an insert that added none, such as the BI sweep's "queue a
-- rollup unless one waits", tells nobody), and PostgreSQL folds the same notice repeated in one transaction into one.
CREATE FUNCTION "repforge_jobs_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows) THEN
    PERFORM pg_notify('repforge_jobs', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "jobs_queued_notify" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "repforge_jobs_queued"();
