-- order!submit (ADR 0014, addendum of 2026-12-07, afternoon): a checkout's refusals raised by the statements
-- that find them, so that the orders and the commit can be written behind those statements without waiting
-- for their answers: a raised refusal aborts the transaction, and PostgreSQL answers the commit written
-- behind it with a rollback. The refusal's error key is the message, under SQLSTATE CR001 (platform/sql.ts
-- raisedRefusal reads it back). VOLATILE: evaluated when the statement reaches it, never folded.
CREATE FUNCTION refuse_unless(ok boolean, refusal text) RETURNS boolean
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'CR001', MESSAGE = refusal;
  END IF;
  RETURN true;
END
$$;
