-- order!submit (ADR 0014): one buyer's checkouts run one at a time, so the cap of unpaid orders cannot be
-- raced past: the buyer's advisory lock, then the count of their unpaid orders, in one round trip. The count
-- must be taken after the lock is granted: a VOLATILE plpgsql function takes a fresh snapshot for each of its
-- statements (READ COMMITTED), so the count sees every checkout of the buyer that committed while this one
-- waited; in a single SQL statement the snapshot would predate the wait.
CREATE FUNCTION lock_buyer_unpaid_orders(buyer text) RETURNS integer
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  unpaid integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('orders:buyer:' || buyer, 0));
  SELECT count(*)::integer INTO unpaid FROM orders WHERE buyer_id = buyer AND status = 'pending_payment';
  RETURN unpaid;
END
$$;
