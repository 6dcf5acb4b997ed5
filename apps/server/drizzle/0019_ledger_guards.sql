-- The ledger guards itself, whatever writes to it (docs/ledger.md): the entries a statement writes leave
-- each of their transactions summing to zero, and no entry or transaction is ever changed or removed. TRUNCATE is not a row
-- change and stays possible for whoever owns the tables.
CREATE FUNCTION "ledger_transactions_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced record;
BEGIN
  -- The statement's own entries are enough: every transaction summed to zero before it (entries are never
  -- changed or removed), so it still does exactly when what the statement added to it sums to zero.
  SELECT transaction_id, sum(amount) AS total INTO unbalanced
    FROM new_entries
    GROUP BY transaction_id
    HAVING sum(amount) <> 0
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: its entries sum to %', unbalanced.transaction_id, unbalanced.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Checked once per statement, over the movements it wrote: every code path writes a movement's entries in
-- one statement (ledger.repository.ts), and a row trigger, deferred to commit, made the daily billing's
-- 100,000 entries ten times slower.
CREATE TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "ledger_transactions_balanced"();
--> statement-breakpoint
CREATE FUNCTION "ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: a movement is corrected by another movement', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_append_only" BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION "ledger_append_only"();
