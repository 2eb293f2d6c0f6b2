// The output type of a zod schema of the shared contract, without importing zod: the web apps take the
// wire shapes at the type level only and do not bundle the schemas.
export type WireOf<Schema> = Schema extends { _zod: { output: infer Output } } ? Output : never;
