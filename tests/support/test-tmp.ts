/**
 * Where the server tests keep their scratch directories: `TW_TEST_TMP` when the run sets it, `tests/.tmp` otherwise.
 * `.ci/run` runs the server layer on PGlite and on Postgres at the same time and gives each its own, so the same file
 * running in both never shares (or deletes) the other's data directory.
 */
export const TEST_TMP = process.env.TW_TEST_TMP ?? 'tests/.tmp';
