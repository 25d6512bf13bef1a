/**
 * The settings a backup and a restore read: the API's own database and storage variables, checked
 * by the API's own rules (api/src/env.ts), so a value the API would refuse is refused here in the
 * same words. The API's secret and the rest are not needed.
 */
import { z } from "zod";
import { addAcrossIssue, parseSettings, type ParsedSettings } from "~shared/settings";
import { API_ENV_HELP, ApiEnvShape } from "../env";

/** The API's own rules for the variables a backup reads. */
const shape = z.object(ApiEnvShape).pick({
  DATABASE_URL: true,
  PGLITE_DIR: true,
  FILES_DIR: true,
  S3_BUCKET: true,
  S3_ENDPOINT: true,
  S3_REGION: true,
  S3_PREFIX: true,
  S3_ACCESS_KEY_ID: true,
  S3_SECRET_ACCESS_KEY: true,
  S3_TIMEOUT_MS: true,
}).shape;

const BackupEnvSchema = z.object(shape).superRefine((env, ctx) => {
  if (!env.S3_BUCKET) return;
  for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
    if (!env[name]) addAcrossIssue(ctx, name, "must be set when S3_BUCKET is set");
  }
});

export type BackupEnv = z.output<typeof BackupEnvSchema>;

const help = Object.fromEntries(Object.keys(shape).map((name) => [name, API_ENV_HELP[name as keyof typeof API_ENV_HELP]]));

/** `source` (process.env) read as the backup's settings, or one line per wrong variable. */
export function parseBackupEnv(source: Record<string, string | undefined>): ParsedSettings<BackupEnv> {
  return parseSettings(BackupEnvSchema, help, source, "");
}
