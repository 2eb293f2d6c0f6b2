// The full schema object Drizzle needs for relational queries and drizzle-kit. Modules import the
// table they own from its own file (schema/<module>.ts), not from here.
export * from './schema/platform.ts';
export * from './schema/accounts.ts';
export * from './schema/uploads.ts';
export * from './schema/content.ts';
export * from './schema/catalog.ts';
export * from './schema/shops.ts';
export * from './schema/favorites.ts';
export * from './schema/addresses.ts';
export * from './schema/reviews.ts';
export * from './schema/ledger.ts';
export * from './schema/wallet.ts';
export * from './schema/operators.ts';
export * from './schema/orders.ts';
export * from './schema/loans.ts';
export * from './schema/chat.ts';
export * from './schema/sellers.ts';
export * from './schema/kyc.ts';
