/**
 * A value built on its first use, then kept. The rule systems build their zod schemas this way:
 * building them loads zod, which a quick answer from flags does without (each system's
 * `quickEntry`), so the command line's bundle loads it only when a schema is needed.
 */
export function lazy<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
