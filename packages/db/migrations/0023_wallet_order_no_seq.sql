-- Deposit and withdrawal numbers (R/W, the platform-time date and time, 6 digits): the digits come from this
-- sequence, drawn in the order's own insert, instead of 6 random digits. Random digits collided within one
-- second once withdrawals ran at about 200 a second (a unique violation, answered as a server error); the
-- sequence keeps two numbers of one second apart, on every instance, unless a million orders share it.
CREATE SEQUENCE wallet_order_no_seq;
